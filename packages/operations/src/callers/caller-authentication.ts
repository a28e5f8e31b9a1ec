import { domainError, err, liveSecrets, ok, type Clock, type DomainError, type Partner, type Project, type ProjectDirectory, type Result } from '@kassa-payments/domain';
import { driftError, projectAccessError } from './signed-request.js';

/** The longest login looked up: a partner's login is at most this long (JSON v3's X-Login, XML 2.9's Login). */
export const MAX_LOGIN_LENGTH = 128;

/**
 * Which check refused a caller, in the order they run:
 * - `login-too-long`: the login is longer than any partner's (MAX_LOGIN_LENGTH); looked up nowhere.
 * - `unknown-signer`: no partner has the login, or no project of the id signs with a subscription secret.
 * - `signature`: the signature is none of the signer's live secrets' (a rotation's retiring one included).
 * - `unreadable-time`: the transport could not read the time the call was signed at.
 * - `drift`: that time is further from ours than the allowed drift.
 * - `not-owner`: no project of the id belongs to the partner.
 * - `signature-not-accepted`: the project does not accept this kind of signature (the transport's rule).
 * - `project-inactive`, `address-not-allowed`: the project is inactive, or refuses the caller's IP.
 */
export type CallerCheck = 'login-too-long' | 'unknown-signer' | 'signature' | 'unreadable-time' | 'drift' | 'not-owner' | 'signature-not-accepted' | 'project-inactive' | 'address-not-allowed';

/** The checks of the signer (a partner), then of the project it calls, then of a call its project signs. */
export type SignerCheck = 'login-too-long' | 'unknown-signer' | 'signature' | 'unreadable-time' | 'drift';
export type ProjectCheck = 'not-owner' | 'signature-not-accepted' | 'project-inactive' | 'address-not-allowed';
export type ProjectSignedCheck = Exclude<SignerCheck, 'login-too-long'> | Exclude<ProjectCheck, 'not-owner' | 'signature-not-accepted'>;

/**
 * A refused caller: the check that refused it, and the refusal in the error catalog's code. Its message
 * is the one every transport shares (the drift, the project's); where a transport words a check its own
 * way (an unknown signer, a mismatch, an unreadable time), it answers its own message for the code.
 */
export interface CallerRefusal<C extends CallerCheck = CallerCheck> {
  readonly check: C;
  readonly error: DomainError;
}

/** What the service reads: partners and projects, the clock, and how far a signed time may drift (default the spec's 20 minutes). */
export interface CallerAuthenticationPorts {
  readonly projects: ProjectDirectory;
  readonly clock: Clock;
  readonly maxDriftSeconds?: number;
}

/** What every signed call carries besides its signature, as its transport extracted it. */
export interface SignedCall {
  /** When the call says it was signed (ms since the epoch); undefined when the transport could not read it. */
  readonly signedAt: number | undefined;
  /** The wire's name of that time ('X-Timestamp', 'NowUtc', 'Now'), for the drift's message. */
  readonly signedAtName: string;
}

/** A call a partner signed with its password (JSON v3, XML 2.9). */
export interface PartnerCall extends SignedCall {
  readonly login: string;
  /**
   * Whether the call's signature is the one `secret` makes: asked for each of the partner's live
   * passwords, current first, until one matches. `undefined` when no partner has the login: the
   * transport computes the signature all the same with a key of no one's (UNKNOWN_SIGNER_KEY), so that
   * an unknown login costs the same HMAC as a wrong signature and tells nothing by its timing.
   */
  readonly signatureMatches: (secret: string | undefined) => boolean;
}

/** Which project a partner calls, and from where. */
export interface ProjectAccess {
  /** The project's id as the call names it; undefined when it names none that could exist. */
  readonly projectId: number | undefined;
  readonly callerIp: string;
  /** Whether the project accepts the call's kind of signature (absent: any); refused as `signature-not-accepted`. */
  readonly accepts?: (project: Project) => boolean;
}

/** A call a project signs with its subscription secret (the subscription service): the project is the signer. */
export interface ProjectSignedCall extends SignedCall {
  readonly projectId: number | undefined;
  readonly callerIp: string;
  /** As PartnerCall's, for each of the project's live subscription secrets; the project decides how it signs. */
  readonly signatureMatches: (secret: string | undefined, project: Project | undefined) => boolean;
}

const refused = <C extends CallerCheck>(check: C, error: DomainError): Result<never, CallerRefusal<C>> => err({ check, error });

/**
 * Who calls: the one authentication every signed transport (JSON v3, XML 2.9, the subscription
 * service) runs after extracting its credentials. Each maps a refusal to its own code and message.
 */
export class CallerAuthentication {
  constructor(private readonly ports: CallerAuthenticationPorts) {}

  /** The partner and its project, in one call (JSON v3, whose headers and path name both). */
  async authenticate(call: PartnerCall & ProjectAccess): Promise<Result<{ readonly partner: Partner; readonly project: Project }, CallerRefusal>> {
    const partner = await this.partner(call);
    if (!partner.ok) return partner;
    const project = await this.project(partner.value, call);
    return project.ok ? ok({ partner: partner.value, project: project.value }) : project;
  }

  /** The partner who signed the call: its login, its signature with one of its live passwords, its time. */
  async partner(call: PartnerCall): Promise<Result<Partner, CallerRefusal<SignerCheck>>> {
    const { login, signatureMatches } = call;
    if (login.length > MAX_LOGIN_LENGTH) return refused('login-too-long', domainError('AUTH_INVALID_SIGNATURE'));
    const partner = await this.ports.projects.findPartner(login);
    if (!partner) {
      signatureMatches(undefined);
      return refused('unknown-signer', domainError('AUTH_INVALID_SIGNATURE'));
    }
    // During a rotation's overlap the password it replaced is tried second.
    const now = this.ports.clock.now();
    if (!liveSecrets(partner.password, partner.previousPassword, now).some((password) => signatureMatches(password))) {
      return refused('signature', domainError('AUTH_INVALID_SIGNATURE'));
    }
    const late = this.timeRefusal(call, now);
    return late ?? ok(partner);
  }

  /** The project the partner calls: the partner's, accepting the call's signature, active, and open to the caller's IP. */
  async project(partner: Partner, access: ProjectAccess): Promise<Result<Project, CallerRefusal<ProjectCheck>>> {
    const project = access.projectId === undefined ? undefined : await this.ports.projects.findProject(access.projectId);
    if (!project || project.partnerLogin !== partner.login) return refused('not-owner', domainError('AUTH_INVALID_PROJECT', 'The project does not belong to this partner'));
    if (access.accepts && !access.accepts(project)) return refused('signature-not-accepted', domainError('AUTH_INVALID_SIGNATURE'));
    return this.accessRefusal(project, access.callerIp) ?? ok(project);
  }

  /** The project that signed the call with its subscription secret (or the one a rotation replaced), its time, and its access. */
  async projectSigned(call: ProjectSignedCall): Promise<Result<Project, CallerRefusal<ProjectSignedCheck>>> {
    const project = call.projectId === undefined ? undefined : await this.ports.projects.findProject(call.projectId);
    const secret = project?.subscriptionSecret;
    const now = this.ports.clock.now();
    // A project that cannot sign costs the same HMAC as one that can.
    const matches = secret ? liveSecrets(secret, project?.previousSubscriptionSecret, now).some((key) => call.signatureMatches(key, project)) : call.signatureMatches(undefined, project);
    if (!project || !secret) return refused('unknown-signer', domainError('AUTH_INVALID_SIGNATURE'));
    if (!matches) return refused('signature', domainError('AUTH_INVALID_SIGNATURE'));
    return this.timeRefusal(call, now) ?? this.accessRefusal(project, call.callerIp) ?? ok(project);
  }

  private timeRefusal(call: SignedCall, now: Date): Result<never, CallerRefusal<'unreadable-time' | 'drift'>> | undefined {
    if (call.signedAt === undefined) return refused('unreadable-time', domainError('AUTH_INVALID_TIMESTAMP'));
    const late = driftError(call.signedAtName, now.getTime(), call.signedAt, this.ports.maxDriftSeconds);
    return late ? refused('drift', late) : undefined;
  }

  private accessRefusal(project: Project, callerIp: string): Result<never, CallerRefusal<'project-inactive' | 'address-not-allowed'>> | undefined {
    const refusal = projectAccessError(project, callerIp);
    if (!refusal) return undefined;
    return refused(project.active ? 'address-not-allowed' : 'project-inactive', refusal);
  }
}
