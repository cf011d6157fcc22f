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
import type { AwardView, DisputeView, DraftChapter, DispositivePart, PhaseView, SaveAwardDraft } from '@ratkaisu/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/error-message';
import { useAuthStore } from '../../../stores/auth-store';
import { formatDateTime } from '../../../ui/format-date';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { PageHeading } from '../../../ui/PageHeading';
import { RouterLink } from '../../../ui/RouterLink';
import {
  fetchAttachment,
  getAward,
  getDisputeForReview,
  getJobStatus,
  getPhases,
  regenerateChapter,
  saveAward,
  staleAward,
} from '../api/tribunal';
import type { PageReference } from '../award-text';
import { AdoptAwardDialog } from '../components/AdoptAwardDialog';
import { ChapterEditor } from '../components/ChapterEditor';
import { DispositiveEditor } from '../components/DispositiveEditor';
import { SignAwardDialog } from '../components/SignAwardDialog';
import { ReportAiProblem } from '../../../ui/ReportAiProblem';

const useStyles = makeStyles({
  page: {
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
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  text: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  chapters: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  pre: {
    margin: `${tokens.spacingVerticalXS} 0`,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
  },
});

/** What the tribunal edits: the chapters, the dispositive part and the costs. */
interface Working {
  chapters: DraftChapter[];
  dispositive?: DispositivePart;
  costs: string;
}

const workingOf = (award: AwardView): Working => ({
  chapters: award.chapters,
  ...(award.dispositive ? { dispositive: award.dispositive } : {}),
  costs: award.costs ?? '',
});

const sameWorking = (a: Working, b: Working) => JSON.stringify(a) === JSON.stringify(b);

/** How often a regenerating chapter's job is asked about. */
export const REGENERATE_POLL_MS = 3000;

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; dispute: DisputeView; phases: PhaseView[] };

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
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [award, setAward] = useState<AwardView | null>(null);
  const [working, setWorking] = useState<Working | null>(null);
  const [newer, setNewer] = useState<AwardView | null>(null);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ intent: 'success' | 'error' | 'warning'; text: string } | null>(null);
  const [dialog, setDialog] = useState<'adopt' | 'sign' | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      getAward(disputeId, awardId, controller.signal),
      getDisputeForReview(disputeId, controller.signal),
      getPhases(disputeId, controller.signal).catch(() => [] as PhaseView[]),
    ])
      .then(([loadedAward, dispute, phases]) => {
        setAward(loadedAward);
        setWorking(workingOf(loadedAward));
        setLoaded({ status: 'ready', dispute, phases });
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({ status: 'error', message: errorMessage(failure, t('tribunal.loadFailed')) });
      });
    return () => controller.abort();
  }, [disputeId, awardId, t]);

  const dirty = award !== null && working !== null && !sameWorking(working, workingOf(award));
  const [regenerating, setRegenerating] = useState<{ chapter: number; jobId: string; fromVersion: number } | null>(
    null,
  );
  // The poll's answer arrives later: it reads what is on screen then, not what was when it started.
  const current = useRef({ award, working });
  current.current = { award, working };

  useEffect(() => {
    if (!regenerating) return;
    let cancelled = false;
    const controller = new AbortController();
    const finish = async (errorText?: string) => {
      const next = await getAward(disputeId, awardId).catch(() => null);
      if (cancelled) return;
      setRegenerating(null);
      const { award: shown, working: edited } = current.current;
      if (!next || next.version <= regenerating.fromVersion || !shown || !edited) {
        setNotice({ intent: 'error', text: errorText || t('tribunal.regenerateFailed') });
        return;
      }
      const typedMeanwhile = !sameWorking(edited, workingOf(shown));
      setAward(next);
      if (typedMeanwhile) {
        setNewer(next);
        setNotice({
          intent: 'warning',
          text: t('tribunal.regeneratedBeside', { number: regenerating.chapter, version: next.version }),
        });
      } else {
        setWorking(workingOf(next));
        setNotice({
          intent: 'success',
          text: t('tribunal.regenerated', { number: regenerating.chapter, version: next.version }),
        });
      }
    };
    const poll = async () => {
      while (!cancelled) {
        await new Promise((resolve) => setTimeout(resolve, REGENERATE_POLL_MS));
        if (cancelled) return;
        const status = await getJobStatus(regenerating.jobId, controller.signal).catch(() => null);
        if (cancelled) return;
        if (!status || status.status === 'Queued' || status.status === 'Running') continue;
        await finish(status.status === 'Completed' ? undefined : status.errorMessage);
        return;
      }
    };
    void poll();
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [regenerating, disputeId, awardId, t]);

  // Leaving with unsaved text asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const phases = loaded.status === 'ready' ? loaded.phases : [];
  const openReference = useCallback(
    (reference: PageReference) => {
      const document = award?.documents.find((entry) => entry.code === reference.code);
      if (!document) {
        setNotice({ intent: 'warning', text: t('tribunal.referenceNotFound', { code: reference.code }) });
        return;
      }
      const phase = phases.find((entry) => entry.attachments.some((file) => file.id === document.fileId));
      if (!phase) {
        setNotice({ intent: 'error', text: t('tribunal.openFailed') });
        return;
      }
      // The tab opens at the click, so no pop-up blocker stops it; the PDF arrives with the bearer token.
      const tab = window.open('', '_blank');
      fetchAttachment(disputeId, phase.id, document.fileId)
        .then((blob) => {
          const url = `${URL.createObjectURL(blob)}#page=${reference.page}`;
          if (tab) tab.location.href = url;
          else window.open(url, '_blank');
        })
        .catch((failure: unknown) => {
          tab?.close();
          setNotice({ intent: 'error', text: errorMessage(failure, t('tribunal.openFailed')) });
        });
    },
    [award, phases, disputeId, t],
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

  const save = async () => {
    if (saving) return;
    setSaving(true);
    setNotice(null);
    const draft: SaveAwardDraft = {
      baseVersion: award.version,
      chapters: working.chapters,
      ...(working.dispositive && working.dispositive.orders.length > 0 ? { dispositive: working.dispositive } : {}),
      costs: working.costs,
    };
    try {
      const saved = await saveAward(disputeId, awardId, draft);
      setAward(saved);
      setWorking(workingOf(saved));
      setNewer(null);
      setNotice({ intent: 'success', text: t('tribunal.saved', { version: saved.version }) });
    } catch (failure) {
      let current = staleAward(failure);
      if (!current && failure instanceof ApiError && failure.status === 409) {
        current = await getAward(disputeId, awardId).catch(() => undefined);
      }
      if (current) {
        // The user's text stays; the next save is based on the newer version they now see beside it.
        setAward(current);
        setNewer(current);
      }
      setNotice({ intent: 'error', text: errorMessage(failure, t('tribunal.saveFailed')) });
    } finally {
      setSaving(false);
    }
  };

  const startRegeneration = (chapter: number) => async (instruction: string) => {
    try {
      const { jobId } = await regenerateChapter(disputeId, awardId, {
        baseVersion: award.version,
        chapter,
        instruction,
      });
      setNotice(null);
      setRegenerating({ chapter, jobId, fromVersion: award.version });
      return true;
    } catch (failure) {
      const stale = staleAward(failure);
      if (stale) {
        setAward(stale);
        setNewer(stale);
      }
      setNotice({ intent: 'error', text: errorMessage(failure, t('tribunal.regenerateFailed')) });
      return false;
    }
  };
  const regenerateBlocked = regenerating
    ? t('tribunal.regenerating', { number: regenerating.chapter })
    : dirty
      ? t('tribunal.regenerateSaveFirst')
      : undefined;

  const takeNewer = () => {
    if (!newer) return;
    setWorking(workingOf(newer));
    setNewer(null);
    setNotice(null);
  };

  const updated = (next: AwardView) => {
    setAward(next);
    setWorking(workingOf(next));
    setDialog(null);
  };

  const statusKey =
    award.status === 'Draft'
      ? 'tribunal.statusDraft'
      : award.status === 'Adopted'
        ? 'tribunal.statusAdopted'
        : 'tribunal.statusIssued';
  const newestVersion = award.versions.find((version) => version.version === newer?.version);

  return (
    <div className={styles.page}>
      <RouterLink to={`/case-attachment/${encodeURIComponent(disputeId)}`}>{t('tribunal.backToCase')}</RouterLink>
      <PageHeading subtitle={`${award.caseNumber} · ${dispute.name}`}>{t('tribunal.reviewTitle')}</PageHeading>
      <div className={styles.bar} data-testid="review-bar">
        <Badge
          appearance="filled"
          color={award.status === 'Issued' ? 'success' : award.status === 'Adopted' ? 'brand' : 'warning'}
        >
          {t(statusKey)}
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
            onClick={() => void save()}
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
            <Button onClick={takeNewer}>{t('tribunal.staleUseTheirs')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      {readOnly ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('tribunal.readOnly')}</MessageBarBody>
        </MessageBar>
      ) : null}

      <SignaturesCard award={award} />

      <Card className={styles.card}>
        <Subtitle2 as="h2" className={styles.heading}>
          {award.flagged.length > 0
            ? t('tribunal.flaggedHeading', { count: award.flagged.length, checked: award.checkedReferences })
            : t('tribunal.flaggedNone', { checked: award.checkedReferences })}
        </Subtitle2>
        {award.flagged.length > 0 ? (
          <ul className={styles.list} data-testid="flagged-list">
            {award.flagged.map((flag, index) => (
              <li key={index}>
                <Body1>
                  {t('tribunal.flaggedItem', { chapter: flag.chapter, reference: flag.reference, reason: flag.reason })}
                </Body1>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>

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
            onOpenReference={openReference}
            onRegenerate={startRegeneration(index + 1)}
            regenerateBlocked={regenerateBlocked}
            onChange={(next) =>
              setWorking((current) =>
                current
                  ? { ...current, chapters: current.chapters.map((entry, at) => (at === index ? next : entry)) }
                  : current,
              )
            }
          />
        ))}
      </section>

      <Card className={styles.card}>
        <DispositiveEditor
          value={working.dispositive}
          readOnly={readOnly}
          onChange={(dispositive) => setWorking((current) => (current ? { ...current, dispositive } : current))}
        />
      </Card>

      <Card className={styles.card}>
        <Field label={t('tribunal.costs')}>
          <Textarea
            value={working.costs}
            readOnly={readOnly}
            resize="vertical"
            onChange={(_e, data) => setWorking((current) => (current ? { ...current, costs: data.value } : current))}
          />
        </Field>
        {newer && (newer.costs ?? '') !== working.costs ? (
          <Caption1 className={styles.muted} data-testid="newer-costs">
            {newer.costs}
          </Caption1>
        ) : null}
      </Card>

      <Card className={styles.card}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('tribunal.injections')}
        </Subtitle2>
        {award.injections.length === 0 ? (
          <Body1 className={styles.muted}>{t('tribunal.injectionsNone')}</Body1>
        ) : (
          <ul className={styles.list}>
            {award.injections.map((injection, index) => (
              <li key={index}>
                <Body1 className={styles.text}>
                  {t('tribunal.injectionItem', {
                    code: injection.code,
                    page: injection.page,
                    excerpt: injection.excerpt,
                  })}
                </Body1>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card className={styles.card} data-testid="settings-used">
        <Subtitle2 as="h2" className={styles.heading}>
          {t('tribunal.settingsTitle')}
        </Subtitle2>
        <Body1>
          {t('tribunal.settingsSetBy', {
            name: award.settings.setBy.name,
            side:
              award.settings.setBy.side === 'tribunal'
                ? t('tribunal.settingsSideTribunal')
                : award.settings.setBy.side === 'claimant'
                  ? t('tribunal.sideClaimant')
                  : t('tribunal.sideRespondent'),
            date: formatDateTime(award.settings.setAt),
          })}
        </Body1>
        <details>
          <summary>
            <Caption1>{t('tribunal.settingsInstructions')}</Caption1>
          </summary>
          <pre className={styles.pre}>{award.settings.settings.instructions}</pre>
          {award.settings.settings.chapterPrompts.map((prompt, index) => (
            <pre key={index} className={styles.pre}>
              {t('tribunal.settingsPrompt', { number: index + 1 })}: {prompt}
            </pre>
          ))}
        </details>
        <Caption1 className={styles.muted}>
          {t('tribunal.settingsTemperature', { value: award.settings.settings.temperature })} ·{' '}
          {t('tribunal.settingsTopP', { value: award.settings.settings.top_p })} ·{' '}
          {t('tribunal.settingsHash', { hash: award.settings.sha256 })}
        </Caption1>
      </Card>

      <Card className={styles.card}>
        <Subtitle2 as="h2" className={styles.heading}>
          {t('tribunal.versions')}
        </Subtitle2>
        <ul className={styles.list} data-testid="versions">
          {[...award.versions]
            .sort((a, b) => b.version - a.version)
            .map((version) => (
              <li key={version.version}>
                <Body1>
                  {t('tribunal.versionItem', {
                    version: version.version,
                    date: formatDateTime(version.savedAt),
                    name: version.savedBy.name,
                    source: version.source === 'ai' ? t('tribunal.sourceAi') : t('tribunal.sourceTribunal'),
                  })}
                </Body1>
              </li>
            ))}
        </ul>
      </Card>

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
  );
}

function SignaturesCard({ award }: { award: AwardView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Card className={styles.card} data-testid="signatures">
      <Subtitle2 as="h2" className={styles.heading}>
        {t('tribunal.signatures', { count: award.signatures.length, required: award.requiredSignatures })}
      </Subtitle2>
      {award.adoptedAt ? (
        <Caption1 className={styles.muted}>
          {t('tribunal.adoptedOn', { date: formatDateTime(award.adoptedAt) })}
        </Caption1>
      ) : null}
      {award.issuedAt ? (
        <Caption1 className={styles.muted}>{t('tribunal.issuedOn', { date: formatDateTime(award.issuedAt) })}</Caption1>
      ) : null}
      {award.signatures.length === 0 ? (
        <Body1 className={styles.muted}>{t('tribunal.signaturesNone')}</Body1>
      ) : (
        <ul className={styles.list}>
          {award.signatures.map((signature) => (
            <li key={signature.userId}>
              <Body1>
                {t('tribunal.signatureItem', {
                  name: signature.name,
                  title: signature.title,
                  date: formatDateTime(signature.signedAt),
                })}
              </Body1>
            </li>
          ))}
        </ul>
      )}
      {award.notSigning.map((entry) => (
        <Body1 key={entry.userId}>{t('tribunal.notSigningItem', { name: entry.name, reason: entry.reason })}</Body1>
      ))}
      {award.pdfSha256 ? (
        <Caption1 className={styles.muted}>{t('tribunal.pdfHash', { hash: award.pdfSha256 })}</Caption1>
      ) : null}
    </Card>
  );
}
