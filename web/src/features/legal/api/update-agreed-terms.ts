import { api } from '../../../api/api';
import type { TermsAgreement } from '../../../stores/auth-store';

/** Records the signed-in user's decision on the Terms of Service (docs/product.md section 7). */
export async function updateAgreedTerms(agreed: TermsAgreement): Promise<void> {
  await api.post<unknown>('/user/update-agreed-terms', { AgreedTermsOfService: agreed });
}
