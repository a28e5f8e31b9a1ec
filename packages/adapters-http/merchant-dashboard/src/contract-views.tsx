import { CONTRACT_STATES, type Contract, type Project } from '@kassa-payments/domain';
import { type Frame, projectPath, render, t, time, withLang } from './dashboard-frame.js';
import { DateRange, ListPage, StateSelect } from './list-page.js';
import { customerText, type Fact, Facts, type Timeline, TimelineSection } from './record-page.js';
import { CONTRACT_STATUS_BY_STATE, contractStatus, Status, statusWords } from './status-words.js';

export function contractsPage(frame: Frame, contracts: readonly Contract[], query: { state?: string; mcid?: string; from?: string; to?: string }, nextHref: string | undefined) {
  const texts = t(frame);
  const p = frame.project as Project;
  const rows = contracts.map((c) => [
    <a href={withLang(projectPath(p.id, `/contracts/${encodeURIComponent(c.id)}`), frame.lang)}>{c.merchantContractId}</a>,
    <Status word={contractStatus(c.state)} />,
    customerText(c.customer),
    time(c.createdAt),
  ]);
  const filters = (
    <>
      <StateSelect frame={frame} words={statusWords(CONTRACT_STATES, CONTRACT_STATUS_BY_STATE)} chosen={query.state} />
      <DateRange frame={frame} from={query.from} to={query.to} />
      <label>
        merchant_contract_id
        <input name="mcid" value={query.mcid ?? ''} maxLength={64} />
      </label>
    </>
  );
  return render(
    frame,
    texts.contracts,
    <ListPage
      frame={frame}
      action={projectPath(p.id, '/contracts')}
      filters={filters}
      head={['merchant_contract_id', texts.status, texts.customer, texts.createdAt]}
      rows={rows}
      nextHref={nextHref}
    />,
  );
}

export function contractPage(frame: Frame, contract: Contract, timeline: Timeline) {
  const texts = t(frame);
  const facts: Fact[] = [
    ['contract_id', <code>{contract.id}</code>],
    [texts.status, <Status word={contractStatus(contract.state)} />],
    [texts.customer, customerText(contract.customer)],
    ['authorization_type', contract.authorizationType],
    [texts.createdAt, time(contract.createdAt)],
    ['expires_at', time(contract.expiresAt)],
  ];
  return render(
    frame,
    `${texts.contracts}: ${contract.merchantContractId}`,
    <>
      <Facts frame={frame} facts={facts} timeline={timeline} testClockId={contract.testClockId} />
      <TimelineSection frame={frame} timeline={timeline} />
    </>,
  );
}
