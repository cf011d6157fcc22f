import { afterEach, describe, expect, it } from 'vitest';
import { parseServerUser, pathAfterSignIn, TermsAgreement, useAuthStore } from './auth-store';
import { readStoredToken, TOKEN_STORAGE_KEY } from './token-storage';

afterEach(() => {
  useAuthStore.getState().clear();
  window.sessionStorage.clear();
});

describe('useAuthStore', () => {
  it('keeps the token in session storage on sign-in and forgets it on clear', () => {
    useAuthStore.getState().signIn('tok-1', { id: 7, userName: 'alice', email: 'a@example.fi', sessionId: 's1' });
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(useAuthStore.getState()).toMatchObject({
      id: '7',
      userName: 'alice',
      email: 'a@example.fi',
      sessionId: 's1',
      loggedIn: true,
      hasToken: true,
      agreedTermsOfService: TermsAgreement.Undefined,
    });
    useAuthStore.getState().clear();
    expect(readStoredToken()).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ loggedIn: false, id: null, userName: '', hasToken: false });
  });

  it('does not keep a token when the user data is unusable', () => {
    expect(() => useAuthStore.getState().signIn('tok-1', { name: 'no id' })).toThrow();
    expect(readStoredToken()).toBeNull();
    expect(useAuthStore.getState().loggedIn).toBe(false);
  });
});

describe('parseServerUser', () => {
  it('names the fields that are wrong', () => {
    expect(() => parseServerUser({ id: 'u1', email: 5, agreedTermsOfService: 3 })).toThrow(
      'The user data is unusable: email, agreedTermsOfService.',
    );
    expect(() => parseServerUser(null)).toThrow('The answer is not a user.');
    expect(parseServerUser({ id: 7, sessionId: 9, email: null })).toMatchObject({ id: '7', sessionId: '9', email: '' });
  });

  it('accepts the user itself or wrapped in { user }', () => {
    expect(parseServerUser({ user: { id: 'u1', agreedTermsOfService: 2 } })).toMatchObject({
      id: 'u1',
      agreedTermsOfService: 2,
    });
    expect(parseServerUser({ id: 'u1', dateJoined: new Date(0) }).dateJoined?.getTime()).toBe(0);
  });
});

describe('pathAfterSignIn', () => {
  it('sends undecided and declined terms to the terms page, agreed ones home', () => {
    expect(pathAfterSignIn(TermsAgreement.Undefined)).toBe('/terms-of-service');
    expect(pathAfterSignIn(TermsAgreement.Declined)).toBe('/terms-of-service');
    expect(pathAfterSignIn(TermsAgreement.Agreed)).toBe('/home');
  });

  it('returns to a safe path on this site, through the terms when they are undecided', () => {
    expect(pathAfterSignIn(TermsAgreement.Agreed, '/case-attachment/c7')).toBe('/case-attachment/c7');
    expect(pathAfterSignIn(TermsAgreement.Undefined, '/case-attachment/c7')).toBe(
      '/terms-of-service?returnTo=%2Fcase-attachment%2Fc7',
    );
    expect(pathAfterSignIn(TermsAgreement.Agreed, 'https://evil.example/')).toBe('/home');
    expect(pathAfterSignIn(TermsAgreement.Agreed, '//evil.example/')).toBe('/home');
    expect(pathAfterSignIn(TermsAgreement.Undefined, '//evil.example/')).toBe('/terms-of-service');
  });
});
