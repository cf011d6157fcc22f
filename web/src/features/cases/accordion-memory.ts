import { isPhaseType, type PhaseType } from '@ratkaisu/core';
import { useCallback, useState } from 'react';

/** Which phases of one case the user opened or closed, kept across refreshes (docs/product.md section 2, Case page). */
export type AccordionMemory = Partial<Record<PhaseType, boolean>>;

export const accordionStorageKey = (disputeId: string) => `caseAccordion:${disputeId}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked; then the state lasts only while the page is open.
    return undefined;
  }
}

export function readAccordionMemory(disputeId: string): AccordionMemory {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(accordionStorageKey(disputeId)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const memory: AccordionMemory = {};
    for (const [type, open] of Object.entries(parsed)) {
      if (isPhaseType(type) && typeof open === 'boolean') memory[type] = open;
    }
    return memory;
  } catch {
    // A value some other code (or an older version) wrote is not worth failing the page over.
    return {};
  }
}

function writeAccordionMemory(disputeId: string, memory: AccordionMemory): void {
  try {
    storage()?.setItem(accordionStorageKey(disputeId), JSON.stringify(memory));
  } catch {
    // A full or blocked storage only costs the memory of open panels.
  }
}

/**
 * The open state of each phase's accordion: what the user last chose for that phase, otherwise
 * open for the active phase only.
 */
export function useAccordionMemory(disputeId: string) {
  const [memory, setMemory] = useState<AccordionMemory>(() => readAccordionMemory(disputeId));
  const isOpen = useCallback((type: PhaseType, openByDefault: boolean) => memory[type] ?? openByDefault, [memory]);
  const setOpen = useCallback(
    (type: PhaseType, open: boolean) => {
      setMemory((current) => {
        const next = { ...current, [type]: open };
        writeAccordionMemory(disputeId, next);
        return next;
      });
    },
    [disputeId],
  );
  return { isOpen, setOpen };
}
