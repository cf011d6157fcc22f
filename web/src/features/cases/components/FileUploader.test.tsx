import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
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
