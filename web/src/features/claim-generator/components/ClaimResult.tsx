import { makeStyles, Tab, TabList, Textarea, tokens } from '@fluentui/react-components';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** The markdown editor's height (docs/product.md section 9). */
export const EDITOR_ROWS = 20;

const cell = {
  border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
  textAlign: 'left',
  verticalAlign: 'top',
} as const;

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  preview: {
    maxHeight: '55vh',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    fontFamily: tokens.fontFamilyBase,
    lineHeight: tokens.lineHeightBase400,
    overflowWrap: 'anywhere',
    '& h1': { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, margin: '12px 0 8px' },
    '& h2': { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, margin: '12px 0 6px' },
    '& h3': { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400, margin: '10px 0 4px' },
    '& p': { margin: '6px 0' },
    '& ul, & ol': { margin: '6px 0', paddingLeft: '24px' },
    '& table': { borderCollapse: 'collapse', margin: '8px 0', width: '100%' },
    '& th': { ...cell, backgroundColor: tokens.colorNeutralBackground3 },
    '& td': cell,
    '& blockquote': {
      margin: '6px 0',
      paddingLeft: tokens.spacingHorizontalM,
      borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
      color: tokens.colorNeutralForeground2,
    },
    '& code': { fontFamily: tokens.fontFamilyMonospace },
  },
  editor: { width: '100%' },
  // Fluent caps a textarea at 260 px, less than the 20 rows docs/product.md section 9 asks for.
  textarea: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, maxHeight: 'none' },
});

export interface ClaimResultProps {
  markdown: string;
  onChange: (markdown: string) => void;
}

/** The drafted claim: rendered (the default) or as editable markdown; edits carry into download and PDF. */
export function ClaimResult({ markdown, onChange }: ClaimResultProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [view, setView] = useState<'preview' | 'edit'>('preview');
  const panelId = useId();

  return (
    <div className={styles.box}>
      <TabList
        selectedValue={view}
        onTabSelect={(_event, data) => setView(data.value === 'edit' ? 'edit' : 'preview')}
        aria-label={t('claimGenerator.resultView')}
      >
        <Tab value="preview" aria-controls={panelId}>
          {t('claimGenerator.preview')}
        </Tab>
        <Tab value="edit" aria-controls={panelId}>
          {t('claimGenerator.edit')}
        </Tab>
      </TabList>
      <div id={panelId} role="tabpanel">
        {view === 'preview' ? (
          <div className={styles.preview} data-testid="claim-preview">
            {/* react-markdown renders no raw HTML, so text from the documents cannot inject markup. */}
            <Markdown remarkPlugins={[remarkGfm]}>{markdown}</Markdown>
          </div>
        ) : (
          <Textarea
            className={styles.editor}
            textarea={{ className: styles.textarea }}
            rows={EDITOR_ROWS}
            resize="vertical"
            value={markdown}
            onChange={(_event, data) => onChange(data.value)}
            aria-label={t('claimGenerator.markdownEditor')}
          />
        )}
      </div>
    </div>
  );
}
