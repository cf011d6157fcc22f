import { AUDIT_ACTIONS } from '@ratkaisu/core';

/**
 * The actions the Audit Logs filter offers: every action the server records
 * (core keeps the one list), the seven administration actions of docs/product.md
 * section 9 first.
 */
export const AUDIT_FILTER_ACTIONS: readonly string[] = AUDIT_ACTIONS;
