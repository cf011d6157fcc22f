import i18next from 'i18next';
import { ApiError } from './client';

const MB = 1024 * 1024;

/**
 * A refusal's parameters as the screens' text takes them: byte counts (names ending in `Bytes`) in megabytes of
 * the user's locale ("25 MB", "26,3 Mt"), a `phase` (a phase type) by its name in the user's language, the rest
 * as sent.
 */
export function localRefusalParams(
  params: Readonly<Record<string, string | number>>,
  language: string,
): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) =>
      name.endsWith('Bytes') && typeof value === 'number'
        ? [name, i18next.t('cases.sizeMegabytes', { value: Math.round((value / MB) * 10) / 10, lng: language })]
        : name === 'phase' && typeof value === 'string' && i18next.exists(`phases.${value}`, { lng: language })
          ? [name, i18next.t(`phases.${value}` as 'phases.Claim', { lng: language })]
          : [name, value],
    ),
  );
}

/** The catalogue's text for a reason in the screens' language, with its parameters; undefined for an unknown one. */
export function refusalText(reason: unknown, params: Readonly<Record<string, string | number>>): string | undefined {
  // Only a type import of core here: this module is on the first load, the catalogue is not.
  if (typeof reason !== 'string' || reason === '') return undefined;
  const key = `refusals.${reason}`;
  if (!i18next.exists(key)) return undefined;
  // One key's type stands for all: every refusal text is a string, and its parameters are checked by the catalogue test.
  return i18next.t(key as 'refusals.general.notFound', localRefusalParams(params, i18next.language));
}

/**
 * The catalogue's text for a refusal the server named by its reason (core refusals.ts; the Finnish in
 * i18n/fi-refusals.ts), in the screens' language with its parameters; undefined for any other failure.
 * Never derived from the server's English sentence (docs/architecture.md "Errors").
 */
export function cataloguedRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  // A final case's 409 from a server that names no reason still reads in the screens' language.
  if (!error.reason) return error.code === 'case_final' ? i18next.t('outcome.caseFinal') : undefined;
  return refusalText(error.reason, error.params);
}

/**
 * The text a form shows for a failed call: the catalogue's text for a refusal it holds, else the server's
 * own message when it sent one, otherwise the given fallback (usually the translated ErrorTryAgainText).
 */
export function errorMessage(error: unknown, fallback: string): string {
  const catalogued = cataloguedRefusal(error);
  if (catalogued) return catalogued;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
