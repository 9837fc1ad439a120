import { VERIFIABLE_CHANNELS } from '@contracts/verify-code';
import { messages } from '@/lib/messages';
import './fixed-pages.css';

/**
 * The 房源核验 form: a plain GET to `/validate` (works without JavaScript); the proxy turns its query into the code's
 * own address (lib/share-paths.ts validateQueryRoute). The channel only matters when a listing id is typed.
 */
export function ValidateForm() {
  const V = messages.validate;
  return (
    <form className="validate-form" action="/validate" method="get" role="search">
      <label className="validate-form__field">
        <span>{V.label}</span>
        <input name="code" maxLength={40} placeholder={V.placeholder} required autoComplete="off" />
      </label>
      <label className="validate-form__field validate-form__field--small">
        <span>{V.channelLabel}</span>
        <select name="channel" defaultValue="esf">
          {VERIFIABLE_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {messages.channelNames[c]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="validate-form__submit">
        {V.submit}
      </button>
    </form>
  );
}
