import TableChartIcon from '@mui/icons-material/TableChart';
import { Screen } from '../../app/Screen';
import { warehousePaths } from './paths';
import { LinkCards } from '../../app/LinkCards';
import { WAREHOUSE_SERVICES, WAREHOUSE_TEXTS } from './warehouseRules';

const LINKS = WAREHOUSE_SERVICES.map(({ name, label }) => ({
  label: name,
  to: warehousePaths.tables(name),
  description: `${label}のテーブル一覧`,
  icon: TableChartIcon,
}));

/** `/v2/core/embulk_manager/bigqueries`: which service's tables to open. */
const WarehouseServicesPage = () => (
  <Screen title={WAREHOUSE_TEXTS.tables}>
    <LinkCards links={LINKS} label={WAREHOUSE_TEXTS.tables} />
  </Screen>
);

export default WarehouseServicesPage;
