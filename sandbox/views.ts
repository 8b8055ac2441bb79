// The JSON the service answers with, built from the store's records. Addresses are absolute, on the sandbox's own URL.
import { SURVEY_CODES_BY_CODE, TIME_ZONE_OFFSET_MINUTES } from './catalog';
import { ownerOf } from './organizationData';
import type { BackgroundCheckRecord, OrganizationData, TrainingRecord, UserRecord } from './types';

/** ISO 8601 with the Organization's offset and milliseconds, as Rails writes times: 2025-03-07T08:22:10.000-06:00. */
export function formatTimestamp(epochMs: number): string {
	const local = new Date(epochMs + TIME_ZONE_OFFSET_MINUTES * 60 * 1000).toISOString().slice(0, -1);
	const sign = TIME_ZONE_OFFSET_MINUTES < 0 ? '-' : '+';
	const minutes = Math.abs(TIME_ZONE_OFFSET_MINUTES);
	const offset = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
	return `${local}${sign}${offset}`;
}

function formatOptionalTimestamp(epochMs: number | null): string | null {
	return epochMs === null ? null : formatTimestamp(epochMs);
}

export class Views {
	constructor(
		private readonly baseUrl: string,
		private readonly externalIdKeys: 'both' | 'employee_id' = 'both',
	) {}

	/** A User without tags: the shape Resend a Training answers with. */
	userWithoutTags(user: UserRecord): Record<string, unknown> {
		return {
			id: user.id,
			first_name: user.first_name,
			last_name: user.last_name,
			email: user.email,
			...(this.externalIdKeys === 'both' ? { external_id: user.external_id } : {}),
			employee_id: user.external_id,
			score: user.score,
			complete_date: formatOptionalTimestamp(user.complete_date),
			user_type: user.user_type,
			direct_login_url: `${this.baseUrl}/direct_login/${user.login_token}`,
		};
	}

	user(user: UserRecord): Record<string, unknown> {
		return { ...this.userWithoutTags(user), tags: [...user.tags] };
	}

	detailedUser(data: OrganizationData, user: UserRecord): Record<string, unknown> {
		return {
			...this.user(user),
			trainings: this.trainingsOfUser(data, user),
			background_checks: this.backgroundChecksOfUser(data, user),
		};
	}

	/** The documented employee_id, and external_id as the live service also sends it. */
	participant(user: UserRecord): Record<string, unknown> {
		return {
			id: user.id,
			employee_id: user.external_id,
			external_id: user.external_id,
			first_name: user.first_name,
			last_name: user.last_name,
		};
	}

	training(data: OrganizationData, training: TrainingRecord): Record<string, unknown> {
		const user = ownerOf(data, training);
		return {
			id: training.id,
			winner: training.winner,
			score: training.score,
			created_at: formatTimestamp(training.created_at),
			complete_date: formatOptionalTimestamp(training.complete_date),
			survey_name: SURVEY_CODES_BY_CODE.get(training.survey_code)?.name ?? training.survey_code,
			survey_code: training.survey_code,
			certificate_url: training.complete_date !== null && training.winner ? this.certificateUrl(training) : null,
			participant: user ? this.participant(user) : null,
		};
	}

	trainingsOfUser(data: OrganizationData, user: UserRecord): Record<string, unknown>[] {
		return (data.trainingsByUserId.get(user.id) ?? []).map((training) => this.training(data, training));
	}

	/** The base fields: the shape of Create and Archive answers. */
	backgroundCheck(check: BackgroundCheckRecord): Record<string, unknown> {
		return {
			id: check.id,
			order_date: formatTimestamp(check.order_date),
			status: check.status,
			applicant_interface_url: `${this.baseUrl}/applicant/${check.id}`,
			results_url: this.resultsUrl(check),
			user_id: check.user_id,
			level: check.level,
		};
	}

	/**
	 * The base fields plus the self-disclosure and vendor flag: lists, single record and detailed User; and, as the
	 * live service's clients read it, the day the check was completed (null while open).
	 */
	extendedBackgroundCheck(check: BackgroundCheckRecord): Record<string, unknown> {
		return {
			...this.backgroundCheck(check),
			complete_date: formatOptionalTimestamp(check.complete_date),
			applicant_self_disclosed: check.applicant_self_disclosed,
			applicant_self_disclosed_note: check.applicant_self_disclosed_note
				? { ...check.applicant_self_disclosed_note }
				: null,
			vendor_flagged: check.vendor_flagged,
		};
	}

	backgroundChecksOfUser(data: OrganizationData, user: UserRecord): Record<string, unknown>[] {
		return (data.backgroundChecksByUserId.get(user.id) ?? []).map((check) => this.extendedBackgroundCheck(check));
	}

	/** Null while open, once cancelled and after archiving, as in the service's examples. */
	resultsUrl(check: BackgroundCheckRecord): string | null {
		return check.complete_date !== null && check.status !== 'archived' && check.status !== 'cancelled'
			? `${this.baseUrl}/background_checks/${check.id}/results`
			: null;
	}

	signInLink(token: string): string {
		return `${this.baseUrl}/sign_in/${token}`;
	}

	certificateUrl(training: TrainingRecord): string {
		return `${this.baseUrl}/certificates/${training.id}.pdf`;
	}
}
