import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AwardView, FlaggedReference } from '@ratkaisu/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../api/client';
import type { PageReference } from '../award-text';

/** pdf.js stands in as a three-page document whose pages draw at once: the panel's own logic is under test. */
const pdf = vi.hoisted(() => {
  const getPage = vi.fn(async (_page: number) => ({
    getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
    render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
  }));
  const destroy = vi.fn(async () => undefined);
  const getDocument = vi.fn((_source: unknown) => ({ promise: Promise.resolve({ numPages: 3, getPage, destroy }) }));
  return { getPage, destroy, getDocument };
});
vi.mock('pdfjs-dist', () => ({ GlobalWorkerOptions: {}, getDocument: pdf.getDocument }));

const { default: DocumentPanel } = await import('./DocumentPanel');

const documents: AwardView['documents'] = [
  { code: 'K1', fileId: 'f1', fileName: 'contract.pdf', pages: 3 },
  { code: 'V1', fileId: 'f2', fileName: 'reply.pdf', pages: 2 },
];
const flagged: FlaggedReference[] = [
  { chapter: 2, reference: '[K1 s.9]', reason: 'no such page' },
  { chapter: 3, reference: '[V1 s.1]', reason: 'not found on the page' },
] as FlaggedReference[];

function renderPanel(target: PageReference | null, loadPdf = vi.fn(async (_id: string) => new Blob(['%PDF-1.7']))) {
  const onClose = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <DocumentPanel
        target={target}
        documents={documents}
        flagged={flagged}
        loadPdf={loadPdf}
        narrow={false}
        onClose={onClose}
      />
    </FluentProvider>,
  );
  return { loadPdf, onClose };
}

beforeEach(() => {
  initI18n();
  pdf.getPage.mockClear();
  pdf.getDocument.mockClear();
});
afterEach(() => cleanup());

describe('document panel', () => {
  it("opens the reference's page of its document, lists that document's flagged references and pages through it", async () => {
    const { loadPdf } = renderPanel({ code: 'K1', page: 2 });
    expect(screen.getByText('K1 · contract.pdf')).toBeTruthy();
    await waitFor(() => expect(pdf.getPage).toHaveBeenCalledWith(2));
    expect(loadPdf).toHaveBeenCalledWith('f1');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Loading the page')).toBeNull());
    // Only the flags naming K1: V1's belongs to the other document.
    expect(screen.getByText('1 flagged reference to this document')).toBeTruthy();
    expect(screen.getByText('Chapter 2: [K1 s.9] – no such page')).toBeTruthy();
    expect(screen.queryByText(/\[V1 s\.1\]/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pdf.getPage).toHaveBeenLastCalledWith(3));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    // The file was fetched and parsed once, whatever the paging.
    expect(loadPdf).toHaveBeenCalledTimes(1);
    expect(pdf.getDocument).toHaveBeenCalledTimes(1);
  });

  it('says so when the reference names no document of the case', () => {
    renderPanel({ code: 'K9', page: 1 });
    expect(screen.getByText('The document K9 is not among the case’s documents.')).toBeTruthy();
    expect(pdf.getDocument).not.toHaveBeenCalled();
  });

  it('says so when the page is beyond the document', async () => {
    renderPanel({ code: 'K1', page: 7 });
    expect((await screen.findByRole('alert')).textContent).toBe('K1 has no page 7.');
    expect(pdf.getPage).not.toHaveBeenCalled();
  });

  it("shows why the document could not be fetched: the server's message, or the catalogue's text", async () => {
    renderPanel(
      { code: 'K1', page: 1 },
      vi.fn(async () => {
        throw new ApiError(403, 'forbidden', 'Forbidden', 'You no longer see this case.');
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('You no longer see this case.');
    cleanup();
    renderPanel(
      { code: 'K1', page: 1 },
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The document could not be opened.');
  });

  it('closes from its close button', async () => {
    const { onClose } = renderPanel({ code: 'K1', page: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Close the document' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
