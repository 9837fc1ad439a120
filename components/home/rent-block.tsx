import Link from 'next/link';
import { CHANNELS, channelIsOn } from '@contracts/channels';
import type { City } from '@contracts/city';
import { RentCard } from '@/components/listing/rent-card';
import { fetchRentList } from '@/lib/api/endpoints';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { messages } from '@/lib/messages';

/** How many rentals the home shows. */
const HOME_RENTAL_COUNT = 4;

/** The home page's 租房 block: the city's newest rentals and 查看更多 into the 租房 list. Nothing where the city has no rentals. */
export async function RentBlock({ city }: { city: City }) {
  if (!channelIsOn(city, 'rent')) return null;
  const page = await fetchRentList(await publicContext(), {
    cityCode: city.cityCode,
    page: 1,
    pageSize: HOME_RENTAL_COUNT,
  }).catch(rethrowAsPage);
  if (page.list.length === 0) return null;
  return (
    <section className="container section rent-block">
      <div className="section__head">
        <h2>{messages.newestRentals}</h2>
        <Link href={CHANNELS.rent.listPath}>{messages.viewMore} &gt;</Link>
      </div>
      <ul className="listings">
        {page.list.map((item) => (
          <RentCard key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
