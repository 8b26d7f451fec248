-- A database per service (DESIGN §4, scaled out): no service can read another's tables.
create database agora_site;
create database agora_identity;
create database agora_notifications;
create database agora_posts;
create database agora_votes;
create database agora_tags;
create database agora_search;
create database agora_badges;
create database agora_moderation;
create database agora_assistant;
