import { ApiError } from './api.ts';

/** For tests: the error a call rejects with when the server answers `status` with `data`. */
export function httpError(status: number, data: unknown = {}): ApiError {
  return new ApiError(
    `Request failed with status code ${status}`,
    'ERR_BAD_RESPONSE',
    {
      url: '/test',
      method: 'GET',
      headers: {},
    },
    { status, data, headers: {} },
  );
}
