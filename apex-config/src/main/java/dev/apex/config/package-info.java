/**
 * apex's settings, one package for every shell: {@link dev.apex.config.ConfigField} declares each
 * setting once (its key, environment variable, flag, type, range, default, help and whether it is a
 * secret); {@link dev.apex.config.ApexConfig} holds a checked value for each; {@link
 * dev.apex.config.ApexConfigStore} reads {@code $APEX_HOME/config.json} (else {@code
 * ~/.apex/config.json}), lays the environment over it, and writes updates atomically; {@link
 * dev.apex.config.Settings} is the resolved form a shell hands the agent builder. The API keys only
 * ever come from the environment and are never written, logged or shown: outside this package they
 * are "set" or "unset".
 */
package dev.apex.config;
