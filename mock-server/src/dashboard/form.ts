import type { ApiRequest } from '../api/api-types';

/** Name of the hidden field that carries the session's form token. */
export const CSRF_FIELD = 'csrf_token';

/**
 * The fields of a form post. Forms of the dashboard are `application/x-www-form-urlencoded`;
 * any other body reads as no fields, which every handler answers as a missing field.
 */
export function formFields(request: ApiRequest): URLSearchParams {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return new URLSearchParams();
  return new URLSearchParams(request.body);
}

/** A form field as text, trimmed; '' when absent. */
export function field(form: URLSearchParams, name: string): string {
  return (form.get(name) ?? '').trim();
}
