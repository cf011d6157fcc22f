import { lazy } from 'react';
import { lazyWithTexts } from '../i18n/lazy-with-texts';
import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { RequireAdmin, RequireSignedIn, RequireSignedOut } from './guards';
import type { RouteHandle } from './route-handle';
import { RouteError } from './RouteError';

// Every screen is its own chunk, so the first load carries only the shell.
const HomePage = lazyWithTexts(() => import('./HomeRoute'));
const NewDisputeFormPage = lazyWithTexts(() => import('../features/cases/routes/NewDisputeFormPage'));
const CaseAttachmentRoute = lazyWithTexts(() => import('./CaseAttachmentRoute'));
const CaseApprovedPage = lazyWithTexts(() => import('../features/cases/routes/CaseApprovedPage'));
const LoginPage = lazy(() => import('../features/account/routes/LoginPage'));
const LogoutPage = lazy(() => import('../features/account/routes/LogoutPage'));
const CheckAuthPage = lazy(() => import('../features/account/routes/CheckAuthPage'));
const ResetPasswordPage = lazy(() => import('../features/account/routes/ResetPasswordPage'));
const ConfirmEmailPage = lazy(() => import('../features/account/routes/ConfirmEmailPage'));
const InvitationPage = lazyWithTexts(() => import('../features/account/routes/InvitationPage'));
const SessionsPage = lazyWithTexts(() => import('../features/account/routes/SessionsPage'));
const SecurityPage = lazyWithTexts(() => import('../features/account/routes/SecurityPage'));
const MyDataPage = lazyWithTexts(() => import('../features/account/routes/MyDataPage'));
const AccountClosedPage = lazyWithTexts(() => import('../features/account/routes/AccountClosedPage'));
const AdminPage = lazyWithTexts(() => import('../features/admin/routes/AdminPage'));
const TermsOfServicePage = lazy(() => import('../features/legal/routes/TermsOfServicePage'));
const CompliancePolicyPage = lazy(() => import('../features/legal/routes/CompliancePolicyPage'));
const DpaPage = lazy(() => import('../features/legal/routes/DpaPage'));
const CookiePage = lazy(() => import('../features/legal/routes/CookiePage'));
const EulaPage = lazy(() => import('../features/legal/routes/EulaPage'));
const PrivacyPolicyPage = lazy(() => import('../features/legal/routes/PrivacyPolicyPage'));
const GenerateDecisionPage = lazyWithTexts(() => import('../features/anonymous-decision/routes/GenerateDecisionPage'));
const GlossaryPage = lazyWithTexts(() => import('../features/help/routes/GlossaryPage'));
const HowItWorksPage = lazyWithTexts(() => import('../features/help/routes/HowItWorksPage'));
const AwardReviewPage = lazyWithTexts(() => import('../features/tribunal/routes/AwardReviewPage'));
const PricingPage = lazyWithTexts(() => import('../features/fees/routes/PricingPage'));
const TestCheckoutPage = lazyWithTexts(() => import('../features/fees/routes/TestCheckoutPage'));
const NoticesPage = lazyWithTexts(() => import('../features/notices/NoticesPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

const titled = (titleKey: RouteHandle['titleKey']): RouteHandle => ({ titleKey });

/** The route table of docs/product.md section 2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <RequireSignedIn />,
        children: [
          { path: '/', element: <HomePage />, handle: titled('home') },
          { path: '/app.html', element: <HomePage />, handle: titled('home') },
          { path: '/new-dispute-form', element: <NewDisputeFormPage />, handle: titled('newDisputeForm') },
          { path: '/case-attachment/:disputeId', element: <CaseAttachmentRoute />, handle: titled('caseAttachments') },
          {
            path: '/case-attachment/:disputeId/award/:awardId',
            element: <AwardReviewPage />,
            handle: titled('routes.awardReview'),
          },
          { path: '/case-approved', element: <CaseApprovedPage />, handle: titled('routes.caseApproved') },
          { path: '/sessions', element: <SessionsPage />, handle: titled('account') },
          { path: '/security', element: <SecurityPage />, handle: titled('account') },
          { path: '/my-data', element: <MyDataPage />, handle: titled('account') },
          { path: '/notices', element: <NoticesPage />, handle: titled('routes.notices') },
        ],
      },
      {
        element: <RequireSignedOut />,
        children: [
          { path: '/login', element: <LoginPage />, handle: titled('routes.login') },
          { path: '/logout', element: <LogoutPage />, handle: titled('routes.logout') },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [{ path: '/admin', element: <AdminPage />, handle: titled('adminPanel') }],
      },
      { path: '/home', element: <Navigate to="/" replace /> },
      // Ours: the confirmation of a closed account (the account can no longer sign in to see it).
      { path: '/account-closed', element: <AccountClosedPage />, handle: titled('routes.accountClosed') },
      { path: '/checkauth', element: <CheckAuthPage />, handle: titled('routes.checkAuth') },
      { path: '/reset-password', element: <ResetPasswordPage />, handle: titled('routes.resetPassword') },
      { path: '/confirm-email', element: <ConfirmEmailPage />, handle: titled('routes.confirmEmail') },
      // Ours: the respondent's invitation link (public; the token is its only key).
      { path: '/invitation/:token', element: <InvitationPage />, handle: titled('routes.invitation') },
      { path: '/terms-of-service', element: <TermsOfServicePage />, handle: titled('routes.termsOfService') },
      { path: '/compliance-policy', element: <CompliancePolicyPage />, handle: titled('routes.compliancePolicy') },
      { path: '/dpa', element: <DpaPage />, handle: titled('routes.dpa') },
      { path: '/cookie', element: <CookiePage />, handle: titled('routes.cookie') },
      { path: '/eula', element: <EulaPage />, handle: titled('routes.eula') },
      { path: '/privacy-policy', element: <PrivacyPolicyPage />, handle: titled('routes.privacyPolicy') },
      { path: '/generate-decision', element: <GenerateDecisionPage />, handle: titled('routes.generateDecision') },
      { path: '/glossary', element: <GlossaryPage />, handle: titled('routes.glossary') },
      // Ours: what a case is and how it goes, for a first-time user; public.
      { path: '/how-it-works', element: <HowItWorksPage />, handle: titled('routes.howItWorks') },
      { path: '/pricing', element: <PricingPage />, handle: titled('routes.pricing') },
      { path: '/payments/test/:paymentId', element: <TestCheckoutPage />, handle: titled('routes.testCheckout') },
      { path: '*', element: <NotFoundPage />, handle: titled('routes.notFound') },
    ],
  },
];
