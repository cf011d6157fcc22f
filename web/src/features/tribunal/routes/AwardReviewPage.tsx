import { makeStyles, MessageBar, MessageBarBody, Spinner, Subtitle2, tokens } from '@fluentui/react-components';
import type { AwardView } from '@ratkaisu/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuthStore } from '../../../stores/auth-store';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';
import { SectionCard } from '../../../ui/SectionCard';
import { useNarrowScreen } from '../../../ui/use-narrow-screen';
import type { PageReference } from '../award-text';
import { AdoptAwardDialog } from '../components/AdoptAwardDialog';
import {
  FlaggedCard,
  InjectionsCard,
  SettingsUsedCard,
  SignaturesCard,
  VersionsCard,
} from '../components/AwardRecordCards';
import { ChapterEditor } from '../components/ChapterEditor';
import { CostsCard } from '../components/CostsCard';
import { DispositiveEditor } from '../components/DispositiveEditor';
import { RegenerationProgress } from '../components/RegenerationProgress';
import { ReviewBar } from '../components/ReviewBar';
import { ReviewNotices } from '../components/ReviewNotices';
import { SignAwardDialog } from '../components/SignAwardDialog';
import { useAwardDraft } from '../use-award-draft';
import { useCasePdfs } from '../use-case-pdfs';

const useStyles = makeStyles({
  workspace: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalL, minWidth: 0 },
  page: {
    minWidth: 0,
    maxWidth: '1280px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  heading: { margin: 0 },
  chapters: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

// pdf.js is large: it loads with the first reference opened, not with the review screen.
const DocumentPanel = lazy(() => import('../components/DocumentPanel'));

/**
 * `/case-attachment/:disputeId/award/:awardId`: the tribunal reviews the AI's draft. Each
 * chapter in an editor with a preview where page references open the document at that page and
 * unverified ones are highlighted; the diff against the AI's text; the dispositive part and costs; the
 * versions; Save (a stale save keeps the user's text and shows the newer version beside it); Adopt for
 * the chair or sole arbitrator; Sign for each member.
 */
export default function AwardReviewPage() {
  const { disputeId = '', awardId = '' } = useParams();
  return <AwardReview key={`${disputeId}/${awardId}`} disputeId={disputeId} awardId={awardId} />;
}

function AwardReview({ disputeId, awardId }: { disputeId: string; awardId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const myId = useAuthStore((state) => state.id);
  const draft = useAwardDraft(disputeId, awardId);
  const { loaded, award, working, newer, dirty, setNotice, regenerating } = draft;
  const [dialog, setDialog] = useState<'adopt' | 'sign' | null>(null);

  const [reference, setReference] = useState<PageReference | null>(null);
  const narrow = useNarrowScreen();
  const loadPdf = useCasePdfs(disputeId, loaded.status === 'ready' ? loaded.phases : undefined);

  const flagsByChapter = useMemo(() => {
    const byChapter = new Map<number, AwardView['flagged']>();
    for (const flag of award?.flagged ?? [])
      byChapter.set(flag.chapter, [...(byChapter.get(flag.chapter) ?? []), flag]);
    return byChapter;
  }, [award]);

  if (loaded.status === 'loading') return <LoadingScreen inline label={t('tribunal.reviewLoading')} />;
  if (loaded.status === 'error' || !award || !working) {
    return (
      <div className={styles.page}>
        <PageHeading>{t('tribunal.reviewTitle')}</PageHeading>
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{loaded.status === 'error' ? loaded.message : t('tribunal.loadFailed')}</MessageBarBody>
        </MessageBar>
        <RouterLink to={`/case-attachment/${encodeURIComponent(disputeId)}`}>{t('tribunal.backToCase')}</RouterLink>
      </div>
    );
  }

  const dispute = loaded.dispute;
  const members = dispute.tribunal?.members ?? [];
  const me = members.find((member) => member.userId === myId);
  const presides = me?.role === 'chair' || me?.role === 'sole';
  const readOnly = award.status !== 'Draft';
  const signed = award.signatures.some((signature) => signature.userId === myId);
  const namedNotSigning = award.notSigning.some((entry) => entry.userId === myId);
  const maySign = award.status === 'Adopted' && me !== undefined && !signed && !namedNotSigning;
  const regenerateBlocked = regenerating
    ? t('tribunal.regenerating', { number: regenerating.chapter })
    : dirty
      ? t('tribunal.regenerateSaveFirst')
      : undefined;
  const updated = (next: AwardView) => {
    draft.replace(next);
    setDialog(null);
  };

  return (
    <div className={styles.workspace}>
      <div className={styles.page}>
        <RouterLink to={`/case-attachment/${encodeURIComponent(disputeId)}`}>{t('tribunal.backToCase')}</RouterLink>
        <PageHeading subtitle={`${award.caseNumber} · ${dispute.name}`}>{t('tribunal.reviewTitle')}</PageHeading>
        <ReviewBar
          disputeId={disputeId}
          award={award}
          draft={draft}
          presides={presides}
          maySign={maySign}
          onAdopt={() => setDialog('adopt')}
          onSign={() => setDialog('sign')}
        />
        <ReviewNotices award={award} draft={draft} />

        <SignaturesCard award={award} />
        <FlaggedCard award={award} />

        <section className={styles.chapters} aria-label={t('tribunal.chapters')}>
          <Subtitle2 as="h2" className={styles.heading}>
            {t('tribunal.chapters')}
          </Subtitle2>
          {working.chapters.map((chapter, index) => (
            <ChapterEditor
              key={index}
              number={index + 1}
              chapter={chapter}
              aiChapter={award.aiChapters[index]}
              flags={flagsByChapter.get(index + 1) ?? []}
              newer={newer?.chapters[index]}
              readOnly={readOnly}
              onOpenReference={setReference}
              onRegenerate={(instruction) => draft.regenerate(index + 1, instruction)}
              regenerateBlocked={regenerateBlocked}
              reportTarget={{ disputeId, awardId: award.id }}
              progress={regenerating?.chapter === index + 1 ? <RegenerationProgress draft={draft} /> : undefined}
              {...(award.chapterReview?.[index] ? { review: award.chapterReview[index] } : {})}
              {...(me && !readOnly
                ? {
                    onOpened: () => draft.markOpened(index + 1, myId),
                    onKeep: () => draft.chapterAction('keep', index + 1),
                    onWriteFromBlank: () => draft.chapterAction('blank', index + 1),
                  }
                : {})}
              onChange={(next) =>
                draft.edit((current) => ({
                  ...current,
                  chapters: current.chapters.map((entry, at) => (at === index ? next : entry)),
                }))
              }
            />
          ))}
        </section>

        <SectionCard>
          <DispositiveEditor
            value={working.dispositive}
            readOnly={readOnly}
            onChange={(dispositive) => draft.edit((current) => ({ ...current, dispositive }))}
          />
        </SectionCard>
        <CostsCard
          value={working.costs}
          newer={newer ? (newer.costs ?? '') : undefined}
          readOnly={readOnly}
          onChange={(costs) => draft.edit((current) => ({ ...current, costs }))}
        />

        <InjectionsCard award={award} />
        <SettingsUsedCard award={award} />
        <VersionsCard award={award} />

        <AdoptAwardDialog
          open={dialog === 'adopt'}
          disputeId={disputeId}
          award={award}
          otherMembers={members.filter((member) => member.userId !== myId && member.status === 'Accepted')}
          onClose={() => setDialog(null)}
          onAdopted={updated}
        />
        <SignAwardDialog
          open={dialog === 'sign'}
          disputeId={disputeId}
          awardId={awardId}
          pdfSha256={award.pdfSha256}
          onClose={() => setDialog(null)}
          onSigned={(next) => {
            updated(next);
            setNotice({ intent: 'success', text: t('tribunal.signed') });
          }}
        />
      </div>
      {reference ? (
        <Suspense fallback={<Spinner size="small" label={t('tribunal.panelLoading')} />}>
          <DocumentPanel
            target={reference}
            documents={award.documents}
            flagged={award.flagged}
            loadPdf={loadPdf}
            narrow={narrow}
            onClose={() => setReference(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
