import { refusal } from '@ratkaisu/core';
/** The refusal of claim drafting (and of its draft and PDF routes) to anyone but the claimant side. */
export const CLAIMANT_ONLY_MESSAGE = refusal('cases.claimantOnlyClaim').message;
