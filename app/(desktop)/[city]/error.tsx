'use client';
// The same 网络繁忙 page with retry as the root one, rendered inside the city layout (header and footer stay).
export { default } from '../error';
