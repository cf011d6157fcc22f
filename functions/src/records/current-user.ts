import type { DisplayLanguage } from '@ratkaisu/core';
import type { AgreedTerms, UserDocument } from './user-document.js';

/** The signed-in user as the client's auth store holds it (docs/product.md section 3, Current user). */
export interface CurrentUser {
  id: string;
  userName: string;
  /** The name documents print (absent on an account from before full names). */
  fullName?: string;
  dateJoined: string;
  email: string;
  emailConfirmed: boolean;
  tfaEnabled: boolean;
  sessionId: string;
  agreedTermsOfService: AgreedTerms;
  /** When and which version of the terms the user accepted (absent when undecided or declined). */
  agreedTermsAt?: string;
  agreedTermsVersion?: string;
  /** The language mails and notices use; absent when never chosen (then English), as docs/product.md's shape stays. */
  language?: DisplayLanguage;
}

export function toCurrentUser(user: UserDocument, sessionId: string): CurrentUser {
  return {
    id: user.id,
    userName: user.userName,
    ...(user.fullName ? { fullName: user.fullName } : {}),
    dateJoined: user.dateJoined,
    email: user.email,
    emailConfirmed: user.emailConfirmed,
    tfaEnabled: user.tfaEnabled,
    sessionId,
    ...(user.language ? { language: user.language } : {}),
    agreedTermsOfService: user.agreedTermsOfService,
    ...(user.agreedTermsOfService === 1 && user.agreedTermsAt
      ? { agreedTermsAt: user.agreedTermsAt, agreedTermsVersion: user.agreedTermsVersion }
      : {}),
  };
}
