import { UPLOAD_MESSAGES } from '@ratkaisu/core';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { apiClient, uploadForm } from './support/api-client.js';
import { makePdf } from './support/pdf-fixtures.js';
import { useTestHost } from './support/use-test-host.js';

/**
 * PDFs with active content are refused at upload with a clear
 * message naming the files, into a phase, the work files and the anonymous
 * generator alike; nothing of the upload is kept. Plain PDFs still go in.
 */
const host = useTestHost({}, { runWorkers: false });
const api = apiClient(() => host);

async function scriptedPdf(objectStreams: boolean): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Lasku', { x: 72, y: 760 });
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hi")') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return new Uint8Array(await doc.save({ useObjectStreams: objectStreams }));
}

async function attachmentPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Liite', { x: 72, y: 760 });
  await doc.attach(new TextEncoder().encode('MZ...'), 'payload.exe', { mimeType: 'application/octet-stream' });
  return new Uint8Array(await doc.save());
}

describe('PDFs with active content', () => {
  it('refuses JavaScript (also in object streams) and embedded files in a phase upload, keeping nothing', async () => {
    const { claimant, dispute } = await api.openCase();
    const path = `/${dispute.id}/phases/${dispute.activePhaseId}/attachments`;
    const files = [
      { name: 'lasku.pdf', bytes: await scriptedPdf(false) },
      { name: 'lasku-objstm.pdf', bytes: await scriptedPdf(true) },
      { name: 'liite.pdf', bytes: await attachmentPdf() },
      { name: 'tavallinen.pdf', bytes: await makePdf() },
    ];
    const response = await api.call('POST', path, claimant.token, uploadForm(files));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'bad_request',
      message: `${UPLOAD_MESSAGES.activeContent} lasku.pdf, lasku-objstm.pdf, liite.pdf`,
    });
    const listed = await api.get(`/api/dispute/phase/${dispute.activePhaseId}/attachments`, claimant.token);
    expect(await listed.json()).toEqual([]);

    const plain = await api.call('POST', path, claimant.token, uploadForm([files[3]!]));
    expect(plain.status).toBe(201);
  });

  it('refuses them among work files and in the anonymous generator', async () => {
    const { claimant, dispute } = await api.openCase();
    const work = await api.call(
      'POST',
      `/api/dispute/${dispute.id}/workfiles`,
      claimant.token,
      uploadForm([{ name: 'skripti.pdf', bytes: await scriptedPdf(true) }]),
    );
    expect(work.status).toBe(400);
    const anonymous = await api.call(
      'POST',
      '/api/dispute/generatedecisionanonymous',
      undefined,
      uploadForm([{ name: 'skripti.pdf', bytes: await scriptedPdf(false) }], { field: 'files' }),
    );
    expect(anonymous.status).toBe(400);
    expect(((await anonymous.json()) as { message: string }).message).toContain(UPLOAD_MESSAGES.activeContent);
  });
});
