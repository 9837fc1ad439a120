'use client';
import { ENTRUST_DECORATIONS, ENTRUST_LIMITS, ENTRUST_ORIENTATIONS } from '@contracts/entrust-rules';
import { formMessages } from '@/lib/client/form-messages';
import { CommunityPicker } from './community-picker';
import { words, type FieldKit } from './field-kit';
import { Row } from './form-row';
import type { EntrustFormModel } from './use-entrust-form';

const M = formMessages.entrustForm;

/** 房屋信息: the community, address, area, layout, floors, orientation and decoration. */
export function HouseSection({ model, kit }: { model: EntrustFormModel; kit: FieldKit }) {
  const { id, form, errors } = model;
  return (
    <fieldset className="entrust-form__section">
      <legend>{M.sections.house}</legend>
      <Row label={M.community} htmlFor={id('communityId')} required>
        <CommunityPicker
          inputId={id('communityId')}
          chosen={form.communityId === null ? null : form.communityName}
          invalid={Boolean(errors.communityId)}
          onPick={model.pickCommunity}
          onClear={model.clearCommunity}
        />
        {kit.error('communityId')}
      </Row>
      <Row label={`${M.building} / ${M.unit} / ${M.room}`} htmlFor={id('building')} required>
        <div className="entrust-form__inline">
          {kit.text('building', M.buildingPlaceholder, ENTRUST_LIMITS.addressMax)}
          {kit.text('unit', M.unitPlaceholder, ENTRUST_LIMITS.addressMax, M.unit)}
          {kit.text('room', M.roomPlaceholder, ENTRUST_LIMITS.addressMax, M.room)}
        </div>
        {kit.rowErrors(['building', 'unit', 'room'])}
      </Row>
      <Row label={M.area} htmlFor={id('area')} required>
        <div className="entrust-form__inline">
          {kit.number('area', M.area, '0.01')}
          <span className="entrust-form__unit">{M.areaUnit}</span>
        </div>
        {kit.error('area')}
      </Row>
      <Row label={M.layout} htmlFor={id('rooms')} required>
        <div className="entrust-form__inline entrust-form__inline--small">
          {kit.number('rooms', M.rooms)}
          <span className="entrust-form__unit">{M.rooms}</span>
          {kit.number('halls', M.halls)}
          <span className="entrust-form__unit">{M.halls}</span>
          {kit.number('baths', M.baths)}
          <span className="entrust-form__unit">{M.baths}</span>
        </div>
        {kit.rowErrors(['rooms', 'halls', 'baths'])}
      </Row>
      <Row label={`${M.floor} / ${M.totalFloors}`} htmlFor={id('floor')} required>
        <div className="entrust-form__inline entrust-form__inline--small">
          {kit.number('floor', M.floor)}
          <span className="entrust-form__unit">/</span>
          {kit.number('totalFloors', M.totalFloors)}
          <span className="entrust-form__unit">{M.floorUnit}</span>
        </div>
        {kit.rowErrors(['floor', 'totalFloors'])}
      </Row>
      <Row label={M.orientation} htmlFor={id('orientation')} required>
        {kit.select('orientation', words(ENTRUST_ORIENTATIONS))}
        {kit.error('orientation')}
      </Row>
      <Row label={M.decoration} htmlFor={id('decoration')} required>
        {kit.select('decoration', words(ENTRUST_DECORATIONS))}
        {kit.error('decoration')}
      </Row>
    </fieldset>
  );
}
