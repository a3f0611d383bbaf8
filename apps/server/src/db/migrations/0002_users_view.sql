-- The user as the web app reads it (POST backend/users/get with {table: "v_users_data", id}):
-- prefixed columns from the profile, settings, theme config and user config, and the user's groups.
CREATE VIEW "v_users_data" AS
SELECT
  u.id AS "id",
  u.id AS "profile_id",
  u.first_name AS "profile_firstName",
  u.last_name AS "profile_lastName",
  u.email AS "profile_email",
  u.phone AS "profile_phone",
  u.role AS "profile_role",
  u.avatar AS "profile_avatar",
  u.created_at AS "profile_createdAt",
  u.disabled_at AS "profile_disabledAt",
  coalesce(s.items_per_page, 5) AS "settings_items_per_page",
  coalesce(s.language, 'nb') AS "settings_language",
  coalesce(t.mode, 'dark') AS "theme_configs_mode",
  coalesce(t.theme_color, '#50CD89') AS "theme_configs_theme_color",
  coalesce(c.config, '{}'::jsonb) AS "user_configs_config",
  coalesce(
    (SELECT jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name, 'color', g.config->>'color') ORDER BY g.name)
       FROM group_members gm JOIN groups g ON g.id = gm.group_id
      WHERE gm.user_id = u.id),
    '[]'::jsonb
  ) AS "groups"
FROM users u
LEFT JOIN user_settings s ON s.user_id = u.id
LEFT JOIN theme_configs t ON t.user_id = u.id
LEFT JOIN user_configs c ON c.user_id = u.id;
