import { API_CALLS_KEPT, type ApiCall, type ApiCallLog } from '@kassa-payments/operations';

/** A project's recent API calls in this process: the newest API_CALLS_KEPT of each project. */
export class InMemoryApiCallLog implements ApiCallLog {
  private readonly byProject = new Map<number, ApiCall[]>();

  async record(call: ApiCall): Promise<void> {
    const calls = this.byProject.get(call.projectId) ?? [];
    calls.push({ ...call });
    if (calls.length > API_CALLS_KEPT) calls.splice(0, calls.length - API_CALLS_KEPT);
    this.byProject.set(call.projectId, calls);
  }

  async list(projectId: number, since: string, limit: number): Promise<ApiCall[]> {
    const calls = this.byProject.get(projectId) ?? [];
    const out: ApiCall[] = [];
    for (let i = calls.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const call = calls[i] as ApiCall;
      if (call.at >= since) out.push({ ...call });
    }
    return out;
  }

  async after(projectId: number, after: { readonly at: string; readonly id: string }, limit: number): Promise<ApiCall[]> {
    const later = (this.byProject.get(projectId) ?? []).filter((c) => c.at > after.at || (c.at === after.at && c.id > after.id));
    return later
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((c) => ({ ...c }));
  }
}
