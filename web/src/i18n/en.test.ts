import { describe, expect, it } from 'vitest';
import { en } from './en-features';

function allTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(allTexts);
  return [];
}

describe('en catalogue', () => {
  it('has the keys docs/product.md names, with their texts', () => {
    expect(en).toMatchObject({
      ErrorTryAgainText: 'An error occurred. Please try again later.',
      PasswordsDontMatch: 'passwords do not match',
      ErrorConfirmingEmailAddress: 'Error Confirming Email Address',
      EmailErrorDetail: 'Please contact support for assistance.',
      waitingDecision: 'Decision not created yet.',
    });
    for (const key of [
      'home',
      'newDisputeForm',
      'caseAttachments',
      'adminPanel',
      'account',
      'confirmation',
      'confirmDescription',
      'AlmostThere',
    ] as const) {
      expect(en[key]).toBeTypeOf('string');
    }
  });

  it('holds the exact texts of the error catalogue (docs/product.md section 8)', () => {
    const texts = allTexts(en);
    for (const text of [
      'Login failed',
      'Authentication service not available',
      'Authorization failed',
      'No email found',
      'Password Changed!',
      'You have successfully reset your password.',
      'TFA settings changed',
      'Email Address Confirmed',
      'The claim generation service is not available. Please contact support with error code: API-404.',
      'Could not connect to the server. Please check your internet connection and try again.',
      'An unexpected error occurred',
      'Error generating claim application.',
      'Failed to generate claim application',
      'No job ID received from server.',
      'Failed to check claim application status after multiple attempts.',
      'Error saving claim as PDF.',
      'The claim application has been successfully saved as PDF in the Claim phase',
      'Claim application has been generated successfully!',
      'Error generating decision',
      'Total document size cannot exceed 20MB. Please reduce the size or number of your documents.',
      'No job ID received from server',
      'The job failed/deleted. Please try again.',
      'Error downloading result',
      'Connection lost. The process may still be running. Please check status later.',
      'An error occurred',
      'No audit logs found',
      'No audit logs match your filters',
      'No users found',
      'No users match your filters',
      'Verifying access',
      'No attachments found for the current phase',
      'Only PDF files are allowed',
      'Please fill in all required fields correctly.',
      'Are you sure you want to delete the selected item(s)? This action cannot be undone.',
    ]) {
      expect(texts).toContain(text);
    }
  });
});
