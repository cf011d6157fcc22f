import {
  Body1,
  Card,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Subtitle1,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { legalDocuments, type LegalDocument } from '../../../i18n/legal-documents';
import { legalDocumentsFi } from '../../../i18n/legal-documents-fi';
import { PageHeading } from '../../../ui/PageHeading';
import { ReturnButton } from './ReturnButton';

export type LegalDocumentKey = keyof typeof legalDocuments;

/** Documents with more sections than this get a table of contents. */
const CONTENTS_FROM_SECTIONS = 6;

const useStyles = makeStyles({
  page: {
    maxWidth: '880px',
    width: '100%',
    margin: '0 auto',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  top: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalXL,
  },
  summary: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    maxWidth: '72ch',
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    color: tokens.colorNeutralForeground2,
  },
  contents: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}` },
  contentsHeading: { margin: 0 },
  contentsList: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    columnWidth: '240px',
    columnGap: tokens.spacingHorizontalXXXL,
    '& li': { padding: `${tokens.spacingVerticalXXS} 0`, breakInside: 'avoid' },
  },
  body: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    gap: tokens.spacingVerticalXXL,
    '@media (max-width: 640px)': { padding: tokens.spacingHorizontalL },
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    // ch follows the font size, so the measure is about 75 characters of the prose below.
    fontSize: tokens.fontSizeBase400,
    maxWidth: '75ch',
    // The target of a contents link keeps clear of the top edge.
    scrollMarginTop: tokens.spacingVerticalXXL,
  },
  sectionHeading: { margin: 0, outlineStyle: 'none' },
  // Long legal prose reads better a step above the app's 14px body text.
  paragraph: { margin: 0, fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
});

const sectionId = (index: number) => `legal-section-${index + 1}`;

/**
 * One legal text in the interface's language (English, or the Finnish translation marked for review): title, effective date, Return button, a table of
 * contents for long documents and numbered sections. `children` render after the text.
 */
export function LegalDocumentPage({ document: key, children }: { document: LegalDocumentKey; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  // A Finnish screen shows the Finnish translation (legal-documents-fi.ts), marked as awaiting a lawyer's review.
  const uiLanguage = i18n.resolvedLanguage === 'fi' ? 'fi' : 'en';
  const legalDocument: LegalDocument = (uiLanguage === 'fi' ? legalDocumentsFi : legalDocuments)[key];
  const { title, effective, summary, sections } = legalDocument;

  const jumpTo = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    // Scroll without a hash entry in the history, so Return still leaves the page.
    event.preventDefault();
    const heading = window.document.getElementById(sectionId(index));
    if (!heading) return;
    if (typeof heading.scrollIntoView === 'function') heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  };

  return (
    <article className={styles.page} aria-labelledby="legal-title" data-testid="legal-document">
      <div className={styles.top}>
        <div lang={uiLanguage}>
          <PageHeading id="legal-title" subtitle={<span data-testid="legal-effective">{effective}</span>}>
            {title}
          </PageHeading>
        </div>
        <ReturnButton />
      </div>
      {uiLanguage === 'en' ? null : (
        <MessageBar intent="info">
          <MessageBarBody data-testid="legal-translation-note">{t('legalPages.translationReview')}</MessageBarBody>
        </MessageBar>
      )}
      <Text as="p" className={styles.summary} lang={uiLanguage}>
        {summary}
      </Text>

      {sections.length > CONTENTS_FROM_SECTIONS ? (
        <Card className={styles.contents} appearance="filled-alternative">
          <nav aria-labelledby="legal-contents">
            <Subtitle2 as="h2" id="legal-contents" className={styles.contentsHeading}>
              {t('legalPages.contents')}
            </Subtitle2>
            <ol className={styles.contentsList} lang={uiLanguage}>
              {sections.map((section, index) => (
                <li key={section.heading}>
                  <Link href={`#${sectionId(index)}`} onClick={(event) => jumpTo(event, index)}>
                    {section.heading}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        </Card>
      ) : null}

      <Card className={styles.body} lang={uiLanguage}>
        {sections.map((section, index) => (
          <section key={section.heading} className={styles.section} aria-labelledby={sectionId(index)}>
            <Subtitle1 as="h2" id={sectionId(index)} tabIndex={-1} className={styles.sectionHeading}>
              {`${index + 1}. ${section.heading}`}
            </Subtitle1>
            {section.paragraphs.map((paragraph) => (
              <Body1 as="p" key={paragraph} className={styles.paragraph}>
                {paragraph}
              </Body1>
            ))}
            {section.items ? (
              <ul className={styles.list}>
                {section.items.map((item) => (
                  <li key={item}>
                    <Body1 className={styles.paragraph}>{item}</Body1>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </Card>
      {children}
    </article>
  );
}
