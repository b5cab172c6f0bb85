package dev.poolscope.app.ledger;

import java.math.BigDecimal;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** One account's balance: one statement, inside a transaction that holds its connection for as long as it runs. */
@Service
class LedgerService {

    record Balance(long accountId, long entries, BigDecimal balance) {
    }

    private final JdbcTemplate jdbc;

    LedgerService(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Transactional(readOnly = true)
    Balance balance(long accountId) {
        Map<String, Object> row = jdbc.queryForMap(LedgerSql.balance("?"), accountId);
        return new Balance(accountId, ((Number) row.get("entries")).longValue(),
                (BigDecimal) row.get("balance"));
    }
}
