import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle2,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import type { AwardView } from '@ratkaisu/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuthStore } from '../../../stores/auth-store';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';
import { fetchAttachment } from '../api/tribunal';
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
import { DispositiveEditor } from '../components/DispositiveEditor';
import { SignAwardDialog } from '../components/SignAwardDialog';
import { ReportAiProblem } from '../../../ui/ReportAiProblem';
import { useAwardDraft } from '../use-award-draft';

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
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  grow: { flexGrow: 1 },
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  chapters: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

// pdf.js is large: it loads with the first reference opened, not with the review screen.
const DocumentPanel = lazy(() => import('../components/DocumentPanel'));

/** Whether the screen is phone-sized: the document panel is then a drawer over the page. */
function useNarrowScreen(): boolean {
  const query = '(max-width: 767px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const change = () => setNarrow(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, []);
  return narrow;
}

const STATUS_KEY = {
  Draft: 'tribunal.statusDraft',
  Adopted: 'tribunal.statusAdopted',
  Issued: 'tribunal.statusIssued',
} as const;
const STATUS_COLOUR = { Draft: 'warning', Adopted: 'brand', Issued: 'success' } as const;

/**
 * `/case-attachment/:disputeId/award/:awardId`: the tribunal reviews the AI's draft (issue 15). Each
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
  const { loaded, award, working, newer, dirty, saving, notice, setNotice, regenerating } = draft;
  const [dialog, setDialog] = useState<'adopt' | 'sign' | null>(null);

  const phases = loaded.status === 'ready' ? loaded.phases : undefined;
  const [reference, setReference] = useState<PageReference | null>(null);
  const narrow = useNarrowScreen();
  // Each document is fetched once while the page is open, however often its references are opened.
  const pdfs = useRef(new Map<string, Promise<Blob>>());
  const loadPdf = useCallback(
    (fileId: string) => {
      const cached = pdfs.current.get(fileId);
      if (cached) return cached;
      const phase = phases?.find((entry) => entry.attachments.some((file) => file.id === fileId));
      const loading = phase
        ? fetchAttachment(disputeId, phase.id, fileId)
        : Promise.reject(new Error(t('tribunal.openFailed')));
      loading.catch(() => pdfs.current.delete(fileId));
      pdfs.current.set(fileId, loading);
      return loading;
    },
    [phases, disputeId, t],
  );

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
  const newestVersion = award.versions.find((version) => version.version === newer?.version);
  const updated = (next: AwardView) => {
    draft.replace(next);
    setDialog(null);
  };

  return (
    <div className={styles.workspace}>
      <div className={styles.page}>
        <RouterLink to={`/case-attachment/${encodeURIComponent(disputeId)}`}>{t('tribunal.backToCase')}</RouterLink>
        <PageHeading subtitle={`${award.caseNumber} · ${dispute.name}`}>{t('tribunal.reviewTitle')}</PageHeading>
        <div className={styles.bar} data-testid="review-bar">
          <Badge appearance="filled" color={STATUS_COLOUR[award.status]}>
            {t(STATUS_KEY[award.status])}
          </Badge>
          <Body1>{t('tribunal.versionLine', { version: award.version })}</Body1>
          <ReportAiProblem target={{ disputeId, output: 'award', outputId: award.id }} />
          {dirty ? <Caption1 className={styles.muted}>{t('tribunal.unsaved')}</Caption1> : null}
          {regenerating ? (
            <Spinner
              size="tiny"
              labelPosition="after"
              label={t('tribunal.regenerating', { number: regenerating.chapter })}
            />
          ) : null}
          <span className={styles.grow} />
          {readOnly ? null : (
            <Button
              appearance="primary"
              disabled={saving || !dirty}
              icon={saving ? <Spinner size="tiny" /> : undefined}
              onClick={() => void draft.save()}
            >
              {t('tribunal.save')}
            </Button>
          )}
          {award.status === 'Draft' && presides ? (
            <Button
              disabled={saving || dirty}
              title={dirty ? t('tribunal.adoptSaveFirst') : undefined}
              onClick={() => setDialog('adopt')}
            >
              {t('tribunal.adopt')}
            </Button>
          ) : null}
          {maySign ? (
            <Button appearance="primary" onClick={() => setDialog('sign')}>
              {t('tribunal.sign')}
            </Button>
          ) : null}
        </div>
        {notice ? (
          <MessageBar intent={notice.intent} role={notice.intent === 'success' ? 'status' : 'alert'}>
            <MessageBarBody>{notice.text}</MessageBarBody>
          </MessageBar>
        ) : null}
        {newer ? (
          <MessageBar intent="warning" data-testid="newer-version">
            <MessageBarBody>
              <MessageBarTitle>
                {t('tribunal.staleTitle', { version: newer.version, name: newestVersion?.savedBy.name ?? '' })}
              </MessageBarTitle>
            </MessageBarBody>
            <MessageBarActions>
              <Button onClick={draft.takeNewer}>{t('tribunal.staleUseTheirs')}</Button>
            </MessageBarActions>
          </MessageBar>
        ) : null}
        {readOnly ? (
          <MessageBar intent="info">
            <MessageBarBody>{t('tribunal.readOnly')}</MessageBarBody>
          </MessageBar>
        ) : null}

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

        <Card className={styles.card}>
          <DispositiveEditor
            value={working.dispositive}
            readOnly={readOnly}
            onChange={(dispositive) => draft.edit((current) => ({ ...current, dispositive }))}
          />
        </Card>

        <Card className={styles.card}>
          <Field label={t('tribunal.costs')}>
            <Textarea
              value={working.costs}
              readOnly={readOnly}
              resize="vertical"
              onChange={(_e, data) => draft.edit((current) => ({ ...current, costs: data.value }))}
            />
          </Field>
          {newer && (newer.costs ?? '') !== working.costs ? (
            <Caption1 className={styles.muted} data-testid="newer-costs">
              {newer.costs}
            </Caption1>
          ) : null}
        </Card>

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
