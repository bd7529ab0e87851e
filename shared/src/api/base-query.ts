import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { AxiosRequestConfig } from 'axios';
import { type ApiError, normalizeError } from './errors';
import { http } from './http';

export interface HttpArgs {
  url: string;
  method?: AxiosRequestConfig['method'];
  /** The JSON body (the generated endpoints call it `body`, like fetchBaseQuery). */
  body?: unknown;
  params?: AxiosRequestConfig['params'];
  /** Request headers the operation declares (Idempotency-Key) or a body type (text/csv). */
  headers?: Record<string, string | undefined>;
  /** A 401 is an answer here ("nobody is signed in"): it becomes `data: null`, not an error. */
  nullOn401?: boolean;
  /** An answer that is not JSON (an HTML page from a misrouted proxy) is a failure, not data. */
  requireJson?: boolean;
}

/** RTK Query on the shared axios instance; every failure leaves as an ApiError. */
export const axiosBaseQuery: BaseQueryFn<HttpArgs | string, unknown, ApiError> = async (args) => {
  const {
    url,
    method = 'GET',
    body,
    params,
    headers,
    nullOn401,
    requireJson,
  } = typeof args === 'string' ? { url: args } : args;
  try {
    const { data } = await http.request({ url, method, data: body, params, headers });
    if (requireJson && (!data || typeof data !== 'object')) {
      return { error: { status: 0, code: 'network', message: `${method} ${url} did not answer with JSON` } };
    }
    return { data };
  } catch (error) {
    const apiError = normalizeError(error);
    if (nullOn401 && apiError.status === 401) return { data: null };
    return { error: apiError };
  }
};
