import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { AxiosRequestConfig } from 'axios';
import { type ApiError, normalizeError } from './errors';
import { http } from './http';

export interface HttpArgs {
  url: string;
  method?: AxiosRequestConfig['method'];
  data?: unknown;
  params?: AxiosRequestConfig['params'];
}

/** RTK Query on the shared axios instance; every failure leaves as an ApiError. */
export const axiosBaseQuery: BaseQueryFn<HttpArgs | string, unknown, ApiError> = async (args) => {
  const { url, method = 'GET', data, params } = typeof args === 'string' ? { url: args } : args;
  try {
    const result = await http.request({ url, method, data, params });
    return { data: result.data };
  } catch (error) {
    return { error: normalizeError(error) };
  }
};
