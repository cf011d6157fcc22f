import {
  Button,
  Caption1,
  Field,
  Input,
  Link,
  makeStyles,
  mergeClasses,
  Subtitle2,
  Textarea,
  tokens,
  ToggleButton,
  Toolbar,
  ToolbarButton,
} from '@fluentui/react-components';
import type { ChapterReviewView, DraftChapter, FlaggedReference } from '@ratkaisu/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportAiProblem } from '../../../ui/ReportAiProblem';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { previewMarkdown, readPreviewHref, type PageReference } from '../award-text';
import { diffLines, hasChanges } from '../line-diff';
import { applyMarkdownFormat, type MarkdownFormat } from '../markdown-format';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useFocusFirstInvalid } from '../../../ui/use-focus-first-invalid';
import { ChapterOversight, chapterList } from './ChapterOversight';

const useStyles = makeStyles({
  // Wraps on a phone instead of widening the page (WCAG 1.4.10 reflow).
  toolbar: { flexWrap: 'wrap', maxWidth: '100%' },
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  top: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  headingField: { flexGrow: 1, minWidth: '240px' },
  heading: { margin: 0 },
  toggles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  columns: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  textarea: { minHeight: '260px' },
  textareaInner: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  preview: {
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    overflowWrap: 'anywhere',
    lineHeight: tokens.lineHeightBase400,
  },
  flag: {
    backgroundColor: tokens.colorPaletteYellowBackground2,
    outline: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteDarkOrangeBorder1}`,
    cursor: 'help',
  },
  diff: {
    margin: 0,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    maxHeight: '320px',
    overflowY: 'auto',
  },
  added: { backgroundColor: tokens.colorPaletteGreenBackground1 },
  removed: { backgroundColor: tokens.colorPaletteRedBackground1, textDecorationLine: 'line-through' },
  stale: {
    margin: 0,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200,
    maxHeight: '320px',
    overflowY: 'auto',
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface ChapterEditorProps {
  number: number;
  chapter: DraftChapter;
  /** The AI's text of the chapter, for the diff. */
  aiChapter?: DraftChapter;
  /** This chapter's unverified references. */
  flags: readonly FlaggedReference[];
  /** The newer version's text after a 409, shown beside the user's own. */
  newer?: DraftChapter;
  readOnly: boolean;
  onChange: (chapter: DraftChapter) => void;
  onOpenReference: (reference: PageReference) => void;
  /** Starts "Regenerate this chapter"; resolves false when it did not start (the page says why). */
  onRegenerate?: (instruction: string) => Promise<boolean>;
  /** Why regenerating is not possible now (unsaved changes, another chapter being written). */
  regenerateBlocked?: string;
  /** This chapter's regeneration under way: its place in line or its stage, shown where it was asked for. */
  progress?: ReactNode;
  /** The chapter's staleness and oversight record (a tribunal's draft). */
  review?: ChapterReviewView;
  /** The member put the chapter before their eyes (focus inside it): recorded once per change. */
  onOpened?: () => void;
  /** Keep a stale chapter as it is; resolves false when it did not happen (the page says why). */
  onKeep?: () => Promise<boolean>;
  /** Discard the AI's text and write the chapter from blank (after a confirmation). */
  onWriteFromBlank?: () => Promise<boolean>;
  /** The draft a problem with this chapter's AI text is reported on ("Report a problem"). */
  reportTarget?: { disputeId: string; awardId: string };
}

/** One chapter of the draft: heading and text to edit, a preview with its references, and the diff against the AI's text. */
export function ChapterEditor({
  number,
  chapter,
  aiChapter,
  flags,
  newer,
  readOnly,
  onChange,
  onOpenReference,
  onRegenerate,
  regenerateBlocked,
  progress,
  review,
  onOpened,
  onKeep,
  onWriteFromBlank,
  reportTarget,
}: ChapterEditorProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [preview, setPreview] = useState(readOnly);
  const [showDiff, setShowDiff] = useState(false);
  const [asking, setAsking] = useState(false);
  const [instruction, setInstruction] = useState('');
  const [instructionError, setInstructionError] = useState<string | undefined>();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLDivElement>();
  const [starting, setStarting] = useState(false);
  const [confirmBlank, setConfirmBlank] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const format = (kind: MarkdownFormat) => {
    const element = textarea.current;
    const start = element?.selectionStart ?? chapter.text.length;
    const end = element?.selectionEnd ?? chapter.text.length;
    const next = applyMarkdownFormat(chapter.text, start, end, kind);
    onChange({ ...chapter, text: next.text });
    // The formatted passage stays selected once React has written the new text.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.start, next.end);
    });
  };
  const formats: { kind: MarkdownFormat; label: string; glyph: string }[] = [
    { kind: 'bold', label: t('tribunal.formatBold'), glyph: 'B' },
    { kind: 'italic', label: t('tribunal.formatItalic'), glyph: 'I' },
    { kind: 'heading', label: t('tribunal.formatHeading'), glyph: 'H' },
    { kind: 'bullets', label: t('tribunal.formatBullets'), glyph: '•' },
    { kind: 'numbers', label: t('tribunal.formatNumbers'), glyph: '1.' },
    { kind: 'quote', label: t('tribunal.formatQuote'), glyph: '❝' },
  ];
  const [acting, setActing] = useState(false);
  const act = async (action: () => Promise<boolean>) => {
    setActing(true);
    const done = await action();
    setActing(false);
    return done;
  };

  const regenerate = async () => {
    if (!onRegenerate) return;
    if (instruction.trim().length < 3) {
      setInstructionError(t('tribunal.regenerateInstructionRequired'));
      focusFirstInvalid();
      return;
    }
    setStarting(true);
    const started = await onRegenerate(instruction.trim());
    setStarting(false);
    if (started) {
      setAsking(false);
      setInstruction('');
    }
  };
  const markdown = useMemo(() => previewMarkdown(chapter.text, flags), [chapter.text, flags]);
  const diff = useMemo(
    () => (showDiff ? diffLines(aiChapter?.text ?? '', chapter.text) : []),
    [showDiff, aiChapter, chapter.text],
  );
  const newerDiffers = newer !== undefined && (newer.text !== chapter.text || newer.heading !== chapter.heading);
  const textLabel = `${t('tribunal.chapterText')} ${number}`;

  return (
    <section
      className={styles.root}
      aria-label={`${number}. ${chapter.heading}`}
      data-testid={`chapter-${number}`}
      onFocus={onOpened}
    >
      <div className={styles.top}>
        {readOnly ? (
          <Subtitle2 as="h3" className={styles.heading}>
            {number}. {chapter.heading}
          </Subtitle2>
        ) : (
          <Field label={`${t('tribunal.heading')} ${number}`} className={styles.headingField}>
            <Input value={chapter.heading} onChange={(_e, data) => onChange({ ...chapter, heading: data.value })} />
          </Field>
        )}
        <div className={styles.toggles}>
          {readOnly ? null : (
            <ToggleButton
              checked={preview}
              onClick={() => setPreview((value) => !value)}
              aria-label={`${t('tribunal.preview')} ${number}`}
            >
              {t('tribunal.preview')}
            </ToggleButton>
          )}
          <ToggleButton
            checked={showDiff}
            onClick={() => setShowDiff((value) => !value)}
            aria-label={`${t('tribunal.showDiff')} ${number}`}
          >
            {t('tribunal.showDiff')}
          </ToggleButton>
          {onRegenerate && !readOnly ? (
            <Button
              disabled={regenerateBlocked !== undefined}
              title={regenerateBlocked}
              aria-label={`${t('tribunal.regenerate')} ${number}`}
              onClick={() => setAsking((value) => !value)}
            >
              {t('tribunal.regenerate')}
            </Button>
          ) : null}
          {onWriteFromBlank && !readOnly && chapter.text !== '' ? (
            <Button
              disabled={regenerateBlocked !== undefined || acting}
              title={regenerateBlocked}
              aria-label={`${t('tribunal.writeFromBlank')} ${number}`}
              onClick={() => setConfirmBlank(true)}
            >
              {t('tribunal.writeFromBlank')}
            </Button>
          ) : null}
          {reportTarget ? (
            <ReportAiProblem
              target={{ disputeId: reportTarget.disputeId, output: 'award', outputId: reportTarget.awardId }}
              location={t('tribunal.reportChapterLocation', { number, heading: chapter.heading })}
              label={`${t('aiProblem.open')} ${number}`}
            />
          ) : null}
        </div>
      </div>
      {review ? (
        <ChapterOversight
          review={review}
          flagCount={flags.length}
          {...(regenerateBlocked !== undefined || acting ? { blocked: regenerateBlocked ?? '' } : {})}
          {...(readOnly || !onRegenerate
            ? {}
            : {
                onRegenerate: () => {
                  setInstruction(
                    t('tribunal.staleRegenerateInstruction', { sources: chapterList(review.staleBecause) }),
                  );
                  setAsking(true);
                },
              })}
          {...(readOnly || !onKeep ? {} : { onKeep: () => void act(onKeep) })}
        />
      ) : null}
      {asking && onRegenerate && !readOnly ? (
        <div className={styles.top} ref={formRef}>
          <Field
            className={styles.headingField}
            label={t('tribunal.regenerateInstruction', { number })}
            hint={t('tribunal.regenerateHint')}
            validationMessage={instructionError}
          >
            <Textarea
              value={instruction}
              maxLength={4000}
              resize="vertical"
              onChange={(_e, data) => {
                setInstruction(data.value);
                setInstructionError(undefined);
              }}
            />
          </Field>
          <Button
            appearance="primary"
            disabled={starting || regenerateBlocked !== undefined}
            onClick={() => void regenerate()}
          >
            {t('tribunal.regenerateSend')}
          </Button>
        </div>
      ) : null}
      {progress}
      <div className={styles.columns}>
        {preview ? (
          <div className={styles.preview} data-testid={`preview-${number}`}>
            <Markdown
              remarkPlugins={[remarkGfm]}
              components={{
                a: ({ href, children }) => {
                  const target = readPreviewHref(href);
                  if (target?.kind === 'flag') {
                    const flag = flags[target.index];
                    return (
                      <mark className={styles.flag} title={flag?.reason} data-testid="flagged-reference">
                        {children}
                      </mark>
                    );
                  }
                  if (target?.kind === 'reference') {
                    const reference = target.reference;
                    return (
                      <Link
                        as="button"
                        inline
                        title={t('tribunal.openReference', { reference: `${reference.code} s.${reference.page}` })}
                        onClick={() => onOpenReference(reference)}
                      >
                        {children}
                      </Link>
                    );
                  }
                  return (
                    <Link href={href} target="_blank" rel="noreferrer" inline>
                      {children}
                    </Link>
                  );
                },
              }}
            >
              {markdown}
            </Markdown>
          </div>
        ) : (
          <div>
            <Toolbar size="small" className={styles.toolbar} aria-label={t('tribunal.formatToolbar', { number })}>
              {formats.map((entry) => (
                <ToolbarButton
                  key={entry.kind}
                  // The name holds the glyph a sighted user sees ("1. Numbered list"), as WCAG 2.5.3 asks.
                  aria-label={nameWithGlyph(entry.label, entry.glyph)}
                  title={entry.label}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => format(entry.kind)}
                >
                  {entry.glyph}
                </ToolbarButton>
              ))}
            </Toolbar>
            <Field label={textLabel}>
              <Textarea
                ref={textarea}
                className={styles.textarea}
                textarea={{ className: styles.textareaInner }}
                resize="vertical"
                value={chapter.text}
                onChange={(_e, data) => onChange({ ...chapter, text: data.value })}
              />
            </Field>
          </div>
        )}
        {newerDiffers ? (
          <div>
            <Caption1 className={styles.muted}>{newer.heading}</Caption1>
            <pre className={styles.stale} data-testid={`newer-${number}`}>
              {newer.text}
            </pre>
          </div>
        ) : null}
      </div>
      {showDiff ? (
        hasChanges(diff) ? (
          <pre className={styles.diff} data-testid={`diff-${number}`}>
            {diff.map((line, index) => (
              <div
                key={index}
                className={mergeClasses(
                  line.kind === 'added' && styles.added,
                  line.kind === 'removed' && styles.removed,
                )}
              >
                {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '− ' : '  '}
                {line.text}
              </div>
            ))}
          </pre>
        ) : (
          <Caption1 className={styles.muted}>{t('tribunal.diffNone')}</Caption1>
        )
      ) : null}
      {onWriteFromBlank ? (
        <ConfirmDialog
          open={confirmBlank}
          busy={acting}
          title={t('tribunal.writeFromBlankTitle', { number })}
          message={t('tribunal.writeFromBlankMessage')}
          confirmLabel={t('tribunal.writeFromBlank')}
          onCancel={() => setConfirmBlank(false)}
          onConfirm={() =>
            void act(onWriteFromBlank).then(() => {
              setConfirmBlank(false);
              setPreview(false);
            })
          }
        />
      ) : null}
    </section>
  );
}

/** A toolbar button's name: its label, led by the glyph it shows when that is text the label lacks ("1."). */
function nameWithGlyph(label: string, glyph: string): string {
  const textual = /[\p{L}\p{N}]/u.test(glyph);
  return textual && !label.toLowerCase().includes(glyph.toLowerCase()) ? `${glyph} ${label}` : label;
}
