import { LinkBase, useGetList } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { specPath } from '../../lib/specPaths';
import { NO_FIXTURE } from '../../resources/stockableItemFixtures';
import { STOCKABLE_FIXTURE_SHAPE } from '../../contract/masters/itemFixtures';
import { listTakes } from '../../dataProvider/listParameters';
import { useCapabilities } from '../../app/capabilities';
import { MasterSection } from './MasterSection';

export const STOCKABLE_FIXTURES = 'v2/core/master_sources/stockable_item_fixtures';
export const ORDERABLE_FIXTURES = 'v2/core/master_sources/orderable_item_fixtures';

const SORT = { field: 'updatedAt', order: 'DESC' } as const;
const PAGE = { page: 1, perPage: 25 };

/**
 * The fixtures registered for a code (spec section 2): each with its edit link, or
 * 登録はありません and a new link carrying the code (`?yjCode=`, or `?gs1Code=&hotCode=`).
 */
const FixtureSummary = ({
  title,
  resource,
  filter,
  newQuery,
  describe,
}: {
  title: string;
  resource: string;
  filter: Record<string, string>;
  newQuery: Record<string, string>;
  describe: (record: Record<string, unknown>) => string;
}) => {
  const { data, error, isPending } = useGetList(resource, { filter, sort: SORT, pagination: PAGE });
  const newLink = `${specPath.create(resource)}?${new URLSearchParams(newQuery).toString()}`;
  return (
    <MasterSection
      title={title}
      isPending={isPending}
      error={error}
      isEmpty={(data ?? []).length === 0}
      empty={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography>{NO_FIXTURE}</Typography>
          <Button component={LinkBase} to={newLink} variant="outlined">
            {title}を新規登録
          </Button>
        </Box>
      }
    >
      {(data ?? []).map((record) => (
        <Box key={record.id} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography>{describe(record)}</Typography>
          <Button component={LinkBase} to={specPath.show(resource, record.id)}>
            詳細
          </Button>
          <Button component={LinkBase} to={specPath.edit(resource, record.id)}>
            編集
          </Button>
        </Box>
      ))}
    </MasterSection>
  );
};

export const StockableFixtureSummary = ({ yjCode, receiptCode }: { yjCode?: string | null; receiptCode?: string }) => {
  // By the receipt code only where the services take it (codeSearch, an addition); else by the YJ code alone.
  const byReceiptCode = listTakes(STOCKABLE_FIXTURE_SHAPE.api, 'receiptCode', useCapabilities());
  const filter: Record<string, string> = yjCode ? { yjCode } : receiptCode && byReceiptCode ? { receiptCode } : {};
  if (Object.keys(filter).length === 0) return null;
  return (
    <FixtureSummary
      title="在庫品目補正"
      resource={STOCKABLE_FIXTURES}
      filter={filter}
      newQuery={yjCode ? { yjCode } : {}}
      describe={(r) => `ID ${String(r.id)}：${String(r.name ?? '（名称の補正なし）')}${r.note ? `（${String(r.note)}）` : ''}`}
    />
  );
};

export const OrderableFixtureSummary = ({ hotCode, gs1Code }: { hotCode: string; gs1Code?: string | null }) => (
  <FixtureSummary
    title="発注品目補正"
    resource={ORDERABLE_FIXTURES}
    filter={{ hotCode }}
    newQuery={gs1Code ? { gs1Code, hotCode } : { hotCode }}
    describe={(r) => `ID ${String(r.id)}：GS1コード ${String(r.gs1Code ?? '')}${r.nameAppend ? ` 名称追記「${String(r.nameAppend)}」` : ''}`}
  />
);
