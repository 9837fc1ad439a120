import type { FastifyRequest } from 'fastify';
import { addressBlock } from '@contracts/address-block';

/**
 * The visitor's address block (contracts/address-block.ts: an IPv6 visitor by its /64). Every per-address limit and
 * cap of the backend counts under it: the rate-limit plugin's default key (app.ts), the keys built here, the
 * phone caps' rows.
 */
export function clientBlock(request: FastifyRequest): string {
  return addressBlock(request.ip);
}

/** A rate-limit key counted per address block within `scope`. */
export function addressKey(scope: string, request: FastifyRequest): string {
  return `${scope}:ip:${clientBlock(request)}`;
}
