'use client';
import { homeChannelOf } from '@contracts/channel-sections';
import type { DeskListing } from '@contracts/im';
import { useModalDialog } from '@/lib/hooks/use-modal-dialog';
import { messages as clientMessages } from '@/lib/client/messages';
import type { DeskCopy } from './desk-copy';
import styles from './desk.module.css';

export interface DeskListingPickerProps {
  copy: DeskCopy;
  listings: DeskListing[];
  busy: boolean;
  onPick: (listing: DeskListing) => void;
  onClose: () => void;
}

/**
 * The agent's own 二手房 and 租房, one of which goes to the user as a property card (201). A modal dialog
 * (lib/hooks/use-modal-dialog.ts): focus moves in and stays, Esc or a click beside it closes it, focus returns to 发送房源.
 */
export function DeskListingPicker({ copy, listings, busy, onPick, onClose }: DeskListingPickerProps) {
  const modal = useModalDialog(onClose);
  return (
    <dialog {...modal} className={styles.dialog} aria-label={copy.pickListing}>
      <header className={styles.dialogHead}>
        <h3>{copy.pickListing}</h3>
        <button type="button" className="link-button" onClick={onClose}>
          {copy.close}
        </button>
      </header>
      {listings.length === 0 && <p className={styles.empty}>{copy.noListings}</p>}
      <ul className={styles.listingList}>
        {listings.map((l) => (
          <li key={`${l.businessType}-${l.listingId}`}>
            <button type="button" className={styles.listing} disabled={busy} onClick={() => onPick(l)}>
              {/* eslint-disable-next-line @next/next/no-img-element -- the listing's cover from the portal's store */}
              <img src={l.coverUrl} alt="" className={styles.listingCover} />
              <span className={styles.cardBody}>
                <span className={styles.cardTitle}>{l.title}</span>
                <span className={styles.cardLayout}>
                  {clientMessages.channelNames[homeChannelOf(l.businessType)]} · {l.layoutText}
                </span>
                <span className={styles.cardPrice}>{l.priceText}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  );
}
