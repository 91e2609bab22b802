-- The ranking's totals of the sessions closed before focus_totals existed (decision 0084): each closed session's
-- credited minutes on its São Paulo week, month and all time, reached at the moment it counted at (its end, or when
-- it was given up).
INSERT INTO focus_totals (period, starts_on, user_id, minutes, reached_at)
SELECT p.period, p.starts_on, f.user_id, sum(f.credited_minutes)::int, max(least(f.finished_at, f.ends_at))
FROM focus_sessions f
CROSS JOIN LATERAL (VALUES
  ('week', date_trunc('week', f.credited_on)::date),
  ('month', date_trunc('month', f.credited_on)::date),
  ('all', DATE '1970-01-01')) AS p(period, starts_on)
WHERE f.status <> 'running' AND f.credited_minutes > 0
GROUP BY p.period, p.starts_on, f.user_id;
