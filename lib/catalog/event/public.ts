import { EventDetailSchema, type EventDetail } from '../public-schema';
import type { EventView } from './view';

// The API's event (spec section 2) is the view cut to the closed field list of
// EventDetailSchema: a field added to the view stays off the API unless the schema names it.

const DETAIL_FIELDS = Object.keys(EventDetailSchema.shape).filter((k) => k !== 'status') as Array<keyof EventView & keyof EventDetail>;

// One mapping per view: the view is held for the snapshot window, and so is its detail.
const details = new WeakMap<EventView, EventDetail>();

/** The API's detail of an event: `producer` present, `status` null. */
export function toPublicDetail(view: EventView): EventDetail {
  let detail = details.get(view);
  if (!detail) {
    detail = EventDetailSchema.parse({ ...Object.fromEntries(DETAIL_FIELDS.map((k) => [k, view[k]])), status: null });
    details.set(view, detail);
  }
  return detail;
}
