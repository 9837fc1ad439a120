'use client';
import { createContext, useContext, type ReactNode } from 'react';
import { ensureDeviceCode } from './device-code';

export interface CityInfo {
  cityCode: string;
  cityName: string;
  cityDomain: string;
  /** `localhost:3000`, to build other cities' links. */
  rootDomain: string;
  protocol: string;
}

const CityContext = createContext<CityInfo>({ cityCode: '', cityName: '', cityDomain: '', rootDomain: '', protocol: 'http' });

/**
 * The page's city for client islands (search box, city picker), seeded by the server layout. In the browser it also
 * makes the device code when there is none, as the page hydrates: before any island's effect calls the backend.
 * Writing a cookie that is missing is the same whether React renders this once or twice.
 */
export function CityProvider({ value, children }: { value: CityInfo; children: ReactNode }) {
  ensureDeviceCode(value);
  return <CityContext.Provider value={value}>{children}</CityContext.Provider>;
}

export const useCity = () => useContext(CityContext);
