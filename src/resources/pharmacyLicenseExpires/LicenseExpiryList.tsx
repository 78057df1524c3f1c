import SchemaList from '../schema/list/SchemaList';
import { DaysLeftChip } from './DaysLeftChip';

/** The generated list (soonest first) with 残り日数 as a chip for expired and soon-to-expire licences. */
const LicenseExpiryList = () => <SchemaList cells={{ daysLeft: <DaysLeftChip /> }} />;

export default LicenseExpiryList;
