/**
 * The order of a stockable item's orderable items (spec section 9): inactive ones last, then by
 * seller name, loose packs (バラ) after the others, packet volume, packets per package, name and
 * finally id, so any two distinct items have one order and the result never depends on the
 * order the API answered in. A missing value sorts after every present one.
 */
export interface SortableOrderableItem {
  id: number;
  name: string | null;
  sellerName: string | null;
  packetForm: string | null;
  packetVolume: number | null;
  packagePacketCount: number | null;
  /** yyyy-MM-dd; inactive from that day on. */
  inactiveOn: string | null;
}

export const LOOSE_PACK = 'バラ';

const byText = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
const byNumber = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b);
const flag = (value: boolean) => (value ? 1 : 0);

export const compareOrderableItems =
  (today: string) =>
  (a: SortableOrderableItem, b: SortableOrderableItem): number => {
    const inactive = (item: SortableOrderableItem) => item.inactiveOn !== null && item.inactiveOn <= today;
    return (
      flag(inactive(a)) - flag(inactive(b)) ||
      byText(a.sellerName, b.sellerName) ||
      flag(a.packetForm === LOOSE_PACK) - flag(b.packetForm === LOOSE_PACK) ||
      byNumber(a.packetVolume, b.packetVolume) ||
      byNumber(a.packagePacketCount, b.packagePacketCount) ||
      byText(a.name, b.name) ||
      a.id - b.id
    );
  };

/** The items sorted (a new array), each with its 1-based order index, as the master search shows them. */
export const sortOrderableItems = <T extends SortableOrderableItem>(items: readonly T[], today: string): (T & { orderIndex: number })[] =>
  [...items].sort(compareOrderableItems(today)).map((item, index) => ({ ...item, orderIndex: index + 1 }));
