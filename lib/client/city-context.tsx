'use client';
import { createContext, useContext, type ReactNode } from 'react';

export interface CityInfo {
  cityCode: string;
  cityName: string;
  cityDomain: string;
  /** `localhost:3000`, to build other cities' links. */
  rootDomain: string;
  protocol: string;
}

const CityContext = createContext<CityInfo>({ cityCode: '', cityName: '', cityDomain: '', rootDomain: '', protocol: 'http' });

/** The page's city for client islands (search box, city picker), seeded by the server layout. */
export function CityProvider({ value, children }: { value: CityInfo; children: ReactNode }) {
  return <CityContext.Provider value={value}>{children}</CityContext.Provider>;
}

export const useCity = () => useContext(CityContext);
