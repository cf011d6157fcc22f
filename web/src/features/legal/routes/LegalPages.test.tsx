import { ARBITRATION_AGREEMENT } from '@ratkaisu/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { jsonResponse, renderApp, resetStores } from '../../../test/render-app';

/** Each legal route, its title, effective date and clauses a reader relies on (docs/product.md sections 1 and 9). */
const PAGES = [
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    effective: 'Effective 15.1.2025',
    clauses: [
      /at least 18 years old/,
      /within 72 hours/,
      /Helsinki District Court/,
      /during the 6 months before the event/,
      /Fees are non-refundable/,
      /paid before the process begins/,
      /request human oversight/,
      /final and binding on the parties, except where applicable law allows/,
      /Cases in the Service are confidential/,
      /Ratkaisu Oy, the Finnish limited liability company/,
    ],
  },
  {
    path: '/compliance-policy',
    title: 'Compliance Policy',
    effective: 'Effective 14 September 2024',
    clauses: [/at least 18 years old/, /within 72 hours/, /human arbitrator/, /Azure OpenAI within the European Union/],
  },
  {
    path: '/dpa',
    title: 'Data Processing Agreement',
    effective: 'Effective 14 September 2024',
    clauses: [
      /Ratkaisu is the processor/,
      /in any case within 72 hours/,
      /Helsinki District Court/,
      /fees paid in the 6 months before/,
      /uploaded PDF documents/,
      /Microsoft Azure .* hosting, storage/,
      /email delivery provider/,
    ],
  },
  {
    path: '/cookie',
    title: 'Cookie Policy',
    effective: 'Effective 14 September 2024',
    clauses: [/does not set cookies for tracking/, /Session storage — your sign-in/, /Local storage — your settings/],
  },
  {
    path: '/eula',
    title: 'End User License Agreement',
    effective: 'Effective 14 September 2024',
    clauses: [/at least 18 years old/, /during the 6 months before the event/, /Helsinki District Court/],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    effective: 'Effective 14 September 2024',
    clauses: [
      /aged 18 or older/,
      /within 72 hours/,
      /Microsoft Azure OpenAI Service in a data centre within the European Union/,
      /Office of the Data Protection Ombudsman/,
      /PDF files uploaded in cases/,
      /We use no tracking cookies/,
    ],
  },
] as const;

const alice = { id: 'u1', userName: 'alice', email: 'alice@example.fi', agreedTermsOfService: 1, sessionId: 's1' };

function setReferrer(referrer: string) {
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
}

beforeEach(() => {
  resetStores();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse({ isAdmin: false }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Drop the own property so Document.prototype's referrer shows through again.
  Reflect.deleteProperty(document, 'referrer');
  window.sessionStorage.clear();
});

describe.each(PAGES)('$path', ({ path, title, effective, clauses }) => {
  it('shows the title, the effective date and the key clauses without sign-in', async () => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByTestId('legal-effective').textContent).toBe(effective);
    const text = screen.getByTestId('legal-document').textContent ?? '';
    for (const clause of clauses) expect(text).toMatch(clause);
    // Signed out: the page stands alone, with the brand link but without the shell's footer.
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ratkaisu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return' })).toBeTruthy();
  });

  it('shows inside the shell when signed in', async () => {
    useAuthStore.getState().signIn('tok', alice);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByTestId('shell-title').textContent).toBe(title);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: title })).toBeTruthy();
  });
});

describe('legal page Return button', () => {
  it('goes home when the visitor came from another site', async () => {
    setReferrer('https://www.example.com/search?q=ratkaisu');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    useAuthStore.getState().signIn('tok', alice);
    const { router } = renderApp('/privacy-policy');
    fireEvent.click(await screen.findByRole('button', { name: 'Return' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(back).not.toHaveBeenCalled();
  });

  it('goes home when there is no referrer at all', async () => {
    setReferrer('');
    useAuthStore.getState().signIn('tok', alice);
    const { router } = renderApp('/cookie');
    fireEvent.click(await screen.findByRole('button', { name: 'Return' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes back when the visitor came from a page of this site', async () => {
    setReferrer(`${window.location.origin}/access-denied.html?error=authentication_required`);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { router } = renderApp('/eula');
    fireEvent.click(await screen.findByRole('button', { name: 'Return' }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/eula');
  });

  it('goes back to the previous screen of the app after in-app navigation', async () => {
    setReferrer('https://www.example.com/');
    const { router } = renderApp('/generate-decision');
    await router.navigate('/dpa');
    fireEvent.click(await screen.findByRole('button', { name: 'Return' }));
    await screen.findByRole('heading', { level: 1, name: 'Create a Decision' });
    expect(router.state.location.pathname).toBe('/generate-decision');
  });
});

describe('table of contents', () => {
  it('lists every section of a long document and moves focus to the chosen one without a history entry', async () => {
    const { router } = renderApp('/privacy-policy');
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    const sectionHeadings = screen
      .getAllByRole('heading', { level: 2 })
      .filter((h) => h.id.startsWith('legal-section'));
    expect(links).toHaveLength(sectionHeadings.length);
    const rights = within(contents).getByRole('link', { name: 'Your rights' });
    fireEvent.click(rights);
    expect(document.activeElement?.textContent).toMatch(/^\d+\. Your rights$/);
    expect(router.state.location.hash).toBe('');
  });

  it('is left out of a short document', async () => {
    renderApp('/cookie');
    await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' });
    expect(screen.queryByRole('navigation', { name: 'Contents' })).toBeNull();
  });
});

describe('in Finnish', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
  });

  it.each([
    ['/terms-of-service', 'Käyttöehdot'],
    ['/privacy-policy', 'Tietosuojaseloste'],
    ['/cookie', 'Evästekäytäntö'],
  ])('%s shows the Finnish translation, marked for a lawyer’s review and as Finnish text', async (path, title) => {
    renderApp(path);
    await screen.findByTestId('legal-document');
    await act(() => i18next.changeLanguage('fi'));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByTestId('legal-translation-note').textContent).toMatch(/odottaa juristin tarkastusta/);
    expect(screen.getByTestId('legal-effective').textContent).toMatch(/^Voimassa \d{1,2}\.\d{1,2}\.\d{4} alkaen$/);
    const article = screen.getByTestId('legal-document');
    expect(article.querySelector('[lang="en"]')).toBeNull();
    expect(article.querySelectorAll('[lang="fi"]').length).toBeGreaterThan(2);
  });

  it('quotes the arbitration agreement in Finnish in the terms', async () => {
    renderApp('/terms-of-service');
    await screen.findByTestId('legal-document');
    await act(() => i18next.changeLanguage('fi'));
    await screen.findByRole('heading', { level: 1, name: 'Käyttöehdot' });
    expect(screen.getByTestId('legal-document').textContent).toContain(ARBITRATION_AGREEMENT.fi);
  });
});
