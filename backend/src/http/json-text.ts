/**
 * An answer's `data` already written as JSON text, for the few answers whose serialisation was most of their
 * work (the map's bubbles: up to 600 a pan, each written afresh on every call before). Whoever makes one checks its
 * parts against the contract when it makes them (map-aggregate.ts checks each bubble once, when its aggregate is
 * built), so what `portalRoute` sends as is was validated all the same.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
