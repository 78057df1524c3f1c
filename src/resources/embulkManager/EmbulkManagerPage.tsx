import TableChartIcon from '@mui/icons-material/TableChart';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import { Screen } from '../../app/Screen';
import { warehousePaths } from './paths';
import { LinkCards, type LinkCard } from '../../app/LinkCards';
import { WAREHOUSE_SERVICES, WAREHOUSE_TEXTS } from './warehouseRules';

const LINKS: LinkCard[] = [
  ...WAREHOUSE_SERVICES.map(({ name, label }) => ({
    label: `${WAREHOUSE_TEXTS.tables}: ${name}`,
    to: warehousePaths.tables(name),
    description: `${label}のテーブルの更新日時・サイズ・行数を見て、MySQLからコピーするジョブを実行します。`,
    icon: TableChartIcon,
  })),
  { label: WAREHOUSE_TEXTS.jobs, to: warehousePaths.jobs, description: 'コピージョブの状態と実行時間を確認します。', icon: WorkHistoryIcon },
];

/** `/v2/core/embulk_manager`: links to the warehouse tables and the job list (spec section 2). */
const EmbulkManagerPage = () => (
  <Screen title={WAREHOUSE_TEXTS.manager}>
    <LinkCards links={LINKS} label={WAREHOUSE_TEXTS.manager} />
  </Screen>
);

export default EmbulkManagerPage;
