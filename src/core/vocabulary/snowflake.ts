/** A Discord id: a snowflake of 17 to 20 digits (users, channels, servers and roles alike). */
export const SNOWFLAKE = /^\d{17,20}$/;
