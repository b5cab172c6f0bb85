package dev.poolscope.testapp.cases.warmup;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
class LedgerController {
    private final Ledger ledger;

    LedgerController(Ledger ledger) {
        this.ledger = ledger;
    }

    @GetMapping("/ledger/balance")
    Map<String, Long> balance() {
        long account = ThreadLocalRandom.current().nextLong(10_000);
        return Map.of("account", account, "balance", ledger.balance(account));
    }
}
