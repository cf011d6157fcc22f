import {
  Body1,
  Button,
  Caption1,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  InlineDrawer,
  makeStyles,
  MessageBar,
  MessageBarBody,
  OverlayDrawer,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { AwardView, FlaggedReference } from '@ratkaisu/core';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { useReturnFocus } from '../../../ui/Modal';
import type { PageReference } from '../award-text';

GlobalWorkerOptions.workerSrc = workerUrl;

const useStyles = makeStyles({
  inline: {
    position: 'sticky',
    top: 0,
    height: '100vh',
    width: 'min(46vw, 720px)',
    flexShrink: 0,
  },
  overlay: { width: '100vw', maxWidth: '100vw' },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalL,
  },
  nav: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  canvas: {
    width: '100%',
    height: 'auto',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: '#fff',
  },
  flag: {
    margin: 0,
    padding: tokens.spacingVerticalXS,
    backgroundColor: tokens.colorPaletteYellowBackground2,
    borderRadius: tokens.borderRadiusMedium,
    overflowWrap: 'anywhere',
  },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

export interface DocumentPanelProps {
  /** The reference to show; null closes the panel. */
  target: PageReference | null;
  documents: AwardView['documents'];
  /** The draft's unverified references: those naming the shown document are listed with it. */
  flagged: readonly FlaggedReference[];
  /** The document's PDF, fetched with the caller's token (cached by the page). */
  loadPdf: (fileId: string) => Promise<Blob>;
  /** Below the phone breakpoint the panel covers the screen as a drawer instead of standing beside the text. */
  narrow: boolean;
  onClose: () => void;
}

/**
 * The arbitrator's side panel: a page reference such as [K1 s.3] opens page 3 of K1 beside
 * the chapter, drawn by pdf.js, with the document's flagged references; the reader pages through it without
 * leaving the text. On a phone it is a drawer over the page.
 */
export default function DocumentPanel({ target, documents, flagged, loadPdf, narrow, onClose }: DocumentPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  // Closing the panel gives the focus back to the reference that opened it.
  useReturnFocus(target !== null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<{ fileId: string; proxy: PDFDocumentProxy } | null>(null);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ status: 'loading' | 'ready' } | { status: 'error'; message: string }>({
    status: 'loading',
  });
  const document = target ? documents.find((entry) => entry.code === target.code) : undefined;

  useEffect(() => {
    if (target) setPage(target.page);
  }, [target]);

  // The document: fetched and parsed once per file while the panel shows it.
  useEffect(() => {
    if (!document) return;
    if (pdf?.fileId === document.fileId) return;
    let cancelled = false;
    setState({ status: 'loading' });
    loadPdf(document.fileId)
      .then(async (blob) => {
        const proxy = await getDocument({ data: new Uint8Array(await blob.arrayBuffer()), isEvalSupported: false })
          .promise;
        if (cancelled) {
          void proxy.destroy();
          return;
        }
        setPdf({ fileId: document.fileId, proxy });
      })
      .catch((failure: unknown) => {
        if (!cancelled) setState({ status: 'error', message: errorMessage(failure, t('tribunal.openFailed')) });
      });
    return () => {
      cancelled = true;
    };
  }, [document, pdf, loadPdf, t]);

  useEffect(() => () => void pdf?.proxy.destroy(), [pdf]);

  // The page, drawn at the panel's width (and the screen's pixel density).
  useEffect(() => {
    if (!pdf || !canvas.current || !document || pdf.fileId !== document.fileId) return;
    if (page < 1 || page > pdf.proxy.numPages) {
      setState({ status: 'error', message: t('tribunal.pageMissing', { code: document.code, page }) });
      return;
    }
    let cancelled = false;
    let render: { cancel: () => void } | undefined;
    setState({ status: 'loading' });
    void pdf.proxy
      .getPage(page)
      .then(async (proxyPage) => {
        const element = canvas.current;
        if (cancelled || !element) return;
        const width = Math.max(280, element.parentElement?.clientWidth ?? 600);
        const scale = width / proxyPage.getViewport({ scale: 1 }).width;
        const viewport = proxyPage.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
        element.width = Math.floor(viewport.width);
        element.height = Math.floor(viewport.height);
        const task = proxyPage.render({ canvas: element, viewport });
        render = task;
        await task.promise;
        if (!cancelled) setState({ status: 'ready' });
      })
      .catch((failure: unknown) => {
        if (!cancelled && !(failure instanceof Error && failure.name === 'RenderingCancelledException'))
          setState({ status: 'error', message: errorMessage(failure, t('tribunal.openFailed')) });
      });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, page, document, t]);

  const open = target !== null;
  const pages = pdf && document && pdf.fileId === document.fileId ? pdf.proxy.numPages : (document?.pages ?? 0);
  const flags = document
    ? flagged.filter((flag) => new RegExp(`\\b${document.code}\\b`, 'u').test(flag.reference))
    : [];
  const title = document
    ? t('tribunal.panelTitle', { code: document.code, name: document.fileName })
    : t('tribunal.panelTitleMissing', { code: target?.code ?? '' });

  const content: ReactNode = (
    <>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" aria-label={t('tribunal.panelClose')} onClick={onClose}>
              ×
            </Button>
          }
        >
          {title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body} data-testid="document-panel">
        {!document ? (
          <MessageBar intent="warning">
            <MessageBarBody>{t('tribunal.referenceNotFound', { code: target?.code ?? '' })}</MessageBarBody>
          </MessageBar>
        ) : (
          <>
            <div className={styles.nav}>
              <Button size="small" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
                {t('tribunal.panelPrevious')}
              </Button>
              <Body1 aria-live="polite">{t('tribunal.panelPage', { page, pages })}</Body1>
              <Button size="small" disabled={page >= pages} onClick={() => setPage((value) => value + 1)}>
                {t('tribunal.panelNext')}
              </Button>
              {state.status === 'loading' ? <Spinner size="tiny" aria-label={t('tribunal.panelLoading')} /> : null}
            </div>
            {state.status === 'error' ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{state.message}</MessageBarBody>
              </MessageBar>
            ) : null}
            {flags.length > 0 ? (
              <div>
                <Caption1 className={styles.muted}>{t('tribunal.panelFlags', { count: flags.length })}</Caption1>
                {flags.map((flag, index) => (
                  <p key={index} className={styles.flag}>
                    {t('tribunal.flaggedItem', {
                      chapter: flag.chapter,
                      reference: flag.reference,
                      reason: flag.reason,
                    })}
                  </p>
                ))}
              </div>
            ) : null}
            <div>
              <canvas
                ref={canvas}
                className={styles.canvas}
                role="img"
                aria-label={t('tribunal.panelPage', { page, pages }) + ` – ${document.code}`}
              />
            </div>
          </>
        )}
      </DrawerBody>
    </>
  );

  if (narrow) {
    return (
      <OverlayDrawer
        open={open}
        position="bottom"
        size="full"
        className={styles.overlay}
        onOpenChange={(_event, data) => {
          if (!data.open) onClose();
        }}
      >
        {content}
      </OverlayDrawer>
    );
  }
  return (
    <InlineDrawer open={open} position="end" separator className={styles.inline}>
      {content}
    </InlineDrawer>
  );
}
