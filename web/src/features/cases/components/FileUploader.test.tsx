import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { initI18n, loadFeatureTexts } from '../../../i18n/i18n';
import { FileUploader } from './FileUploader';

afterEach(() => cleanup());

function pdf(name: string): File {
  return new File(['%PDF-1.7'], name, { type: 'application/pdf' });
}

/** A phase whose uploads finish only when the test says so. */
function Harness({ finishers, sent }: { finishers: (() => void)[]; sent: string[][] }) {
  const [names, setNames] = useState<string[]>([]);
  return (
    <FileUploader
      existingNames={names}
      target="Claim"
      inputTestId="zone"
      upload={(files) =>
        new Promise<void>((resolve) => {
          sent.push(files.map((file) => file.name));
          finishers.push(() => {
            setNames((current) => [...current, ...files.map((file) => file.name)]);
            resolve();
          });
        })
      }
      onUploaded={async () => undefined}
    />
  );
}

describe('file uploader', () => {
  it('queues files dropped during an upload and checks them against the names that upload added', async () => {
    initI18n();
    const finishers: (() => void)[] = [];
    const sent: string[][] = [];
    render(
      <FluentProvider theme={webLightTheme}>
        <Harness finishers={finishers} sent={sent} />
      </FluentProvider>,
    );
    const input = screen.getByTestId('zone');
    fireEvent.change(input, { target: { files: [pdf('a.pdf')] } });
    await waitFor(() => expect(sent).toEqual([['a.pdf']]));

    // While a.pdf is on its way: b.pdf waits; a second a.pdf will be a duplicate by the time its turn comes.
    fireEvent.change(input, { target: { files: [pdf('b.pdf')] } });
    expect(await screen.findByText('1 more file will be uploaded when this upload finishes.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [pdf('a.pdf')] } });

    finishers[0]!();
    await waitFor(() => expect(sent).toEqual([['a.pdf'], ['b.pdf']]), { timeout: 4000 });
    finishers[1]!();
    expect(
      await screen.findByText('File(s) with the same name already exist: a.pdf', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(sent).toHaveLength(2);
  }, 15_000);
});

/** A file of `megabytes` MB (its bytes are not read: only the size matters here). */
function bigPdf(name: string, megabytes: number): File {
  const file = pdf(name);
  Object.defineProperty(file, 'size', { value: megabytes * 1024 * 1024 });
  return file;
}

function renderUploader(upload: (files: File[]) => Promise<unknown>, maxUploadBytes?: number) {
  render(
    <FluentProvider theme={webLightTheme}>
      <FileUploader
        existingNames={[]}
        target="Claim"
        inputTestId="zone"
        upload={upload}
        onUploaded={async () => undefined}
        {...(maxUploadBytes ? { maxUploadBytes } : {})}
      />
    </FluentProvider>,
  );
  return screen.getByTestId('zone');
}

describe('file uploader: limits and errors in plain words', () => {
  it('shows the upload limit in MB beside the zone before anything is chosen', async () => {
    initI18n();
    await loadFeatureTexts();
    renderUploader(async () => undefined);
    expect(
      screen.getByText('PDF only. Up to 25 MB per upload (all files together); you can add several files at once.'),
    ).toBeTruthy();
  });

  it('refuses a selection over the limit before sending, naming the file or the files and the limit in MB', async () => {
    initI18n();
    await loadFeatureTexts();
    const sent: string[][] = [];
    const input = renderUploader(async (files) => sent.push(files.map((file) => file.name)));
    fireEvent.change(input, { target: { files: [bigPdf('Liitteet.pdf', 30)] } });
    expect(
      await screen.findByText(
        'Liitteet.pdf is 30 MB, more than the limit of 25 MB per upload. Reduce its size, or split it.',
      ),
    ).toBeTruthy();
    fireEvent.change(input, { target: { files: [bigPdf('a.pdf', 15), bigPdf('b.pdf', 12.5)] } });
    expect(
      await screen.findByText(
        'a.pdf, b.pdf: together 27.5 MB, more than the limit of 25 MB per upload. Upload fewer or smaller files at a time.',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('never shows the server’s byte count: a 413 becomes the files and the limit in MB', async () => {
    initI18n();
    await loadFeatureTexts();
    const input = renderUploader(() =>
      Promise.reject(
        new ApiError(
          413,
          'payload_too_large',
          'Request failed',
          'The request body is larger than the limit of 10 MB.',
          undefined,
          { code: 'payload_too_large', reason: 'uploads.tooLarge', params: { limitBytes: 10485760 } },
        ),
      ),
    );
    // A deployment with a lower limit than this page knew: the server's limit is the one named.
    fireEvent.change(input, { target: { files: [bigPdf('Sopimus.pdf', 12)] } });
    expect(
      await screen.findByText(
        'Sopimus.pdf is 12 MB, more than the limit of 10 MB per upload. Reduce its size, or split it.',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/10485760/)).toBeNull();
  });

  it('says a damaged PDF is damaged, with the server’s sentence naming it', async () => {
    initI18n();
    await loadFeatureTexts();
    const input = renderUploader(() =>
      Promise.reject(
        new ApiError(400, 'damaged_pdf', 'Request failed', 'half.pdf is damaged and cannot be opened as a PDF.', {
          file: 'half.pdf',
        }),
      ),
    );
    fireEvent.change(input, { target: { files: [pdf('half.pdf')] } });
    expect(
      await screen.findByText('half.pdf is damaged and cannot be opened as a PDF.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Only PDF files are allowed')).toBeNull();
  });
});
