import { Rankquill } from './client';

export type { Pagination } from '@rankquill/contract';
export { type ClientOptions, Rankquill } from './client';
export { APIPromise, type WithResponse } from './core/api-promise';
export * from './core/errors/index';
export { ExportFile } from './core/export-file';
export type { Logger } from './core/logger';
export { Page, type PageParams, PagePromise } from './core/pagination';
export type { RateLimit } from './core/rate-limit';
export type { RequestOptions } from './core/request-options';
export * from './resources/index';

export default Rankquill;
