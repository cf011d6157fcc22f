import { api } from './api';

/** POST /user/update-full-name: the name awards and proposals print for this account. */
export async function updateFullName(fullName: string): Promise<{ fullName: string }> {
  const answer = await api.post<{ data: { fullName: string } }>('/user/update-full-name', { fullName });
  return answer.data;
}
