import { flag, integer, type Settings } from './setting-parsers.js';

export const ocrSettings = {
  // OCR of scanned pages (pages without a usable text layer): at most this many pages of one file (0: no OCR),
  // at most this many seconds of OCR per job, and pages read with a mean confidence below the floor are flagged.
  OCR_MAX_PAGES_PER_FILE: integer(50, 0, 10_000),
  OCR_MAX_SECONDS_PER_JOB: integer(600, 0, 24 * 3600),
  OCR_CONFIDENCE_FLOOR: integer(60, 0, 100),
  // Uploaded PDFs are read (text and OCR) in the background right after the upload, so jobs find them read.
  OCR_AT_UPLOAD: flag(true),
};

export interface OcrConfig {
  maxPagesPerFile: number;
  maxSecondsPerJob: number;
  confidenceFloor: number;
  /** Queue each upload's OCR ahead of any job (services/documents/ocr-uploads.ts). */
  atUpload: boolean;
}

/** The OCR settings' defaults (callers without a Config, such as tests and benchmarks). */
export const DEFAULT_OCR_CONFIG: OcrConfig = {
  maxPagesPerFile: 50,
  maxSecondsPerJob: 600,
  confidenceFloor: 60,
  atUpload: true,
};

export function readOcr(e: Settings<typeof ocrSettings>): OcrConfig {
  return {
    maxPagesPerFile: e.OCR_MAX_PAGES_PER_FILE,
    maxSecondsPerJob: e.OCR_MAX_SECONDS_PER_JOB,
    confidenceFloor: e.OCR_CONFIDENCE_FLOOR,
    atUpload: e.OCR_AT_UPLOAD,
  };
}
