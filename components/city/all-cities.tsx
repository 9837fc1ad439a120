import type { CityList } from '@contracts/city';
import { chooseCityHref } from '@/lib/city-choice';
import { messages } from '@/lib/messages';
import './all-cities.css';

export interface AllCitiesProps {
  cities: CityList;
  settings: { protocol: string; rootDomain: string };
  notice?: string;
}

/** The all-cities page (its h1 names it): hot cities, then every city by initial letter, each linking to its own domain. */
export function AllCities({ cities, settings, notice }: AllCitiesProps) {
  // A link here chooses the city: its page does not question the choice (lib/city-choice.ts).
  const href = (domain: string) => chooseCityHref(domain, settings);
  return (
    <div className="all-cities container">
      <h1>{messages.allCities}</h1>
      {notice && <p className="all-cities__notice">{notice}</p>}
      <section className="all-cities__hot">
        <h2>{messages.hotCities}</h2>
        <div className="all-cities__links">
          {cities.hot.map((c) => (
            <a key={c.cityCode} href={href(c.cityDomain)}>
              {c.cityName}
            </a>
          ))}
        </div>
      </section>
      <section className="all-cities__by-letter">
        <h2>{messages.citiesByLetter}</h2>
        <div className="all-cities__letters">
          {cities.all.map((g) => (
            <a key={g.initial} href={`#city-${g.initial}`}>
              {g.initial}
            </a>
          ))}
        </div>
        <dl className="all-cities__groups">
          {cities.all.map((g) => (
            <div key={g.initial} id={`city-${g.initial}`} className="all-cities__group">
              <dt>{g.initial}</dt>
              <dd>
                {g.list.map((c) => (
                  <a key={c.cityCode} href={href(c.cityDomain)}>
                    {c.cityName}
                  </a>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
